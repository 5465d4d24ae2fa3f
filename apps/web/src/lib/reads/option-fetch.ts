/** Failed option fetches are only logged (spec 2 §8): the picker stays empty and no toast interrupts the form. */
export async function loggedOptionFetch<T>(what: string, fetch: () => Promise<T>): Promise<T> {
  try {
    return await fetch();
  } catch (error) {
    console.warn(`The ${what} options could not be loaded`, error);
    throw error;
  }
}
