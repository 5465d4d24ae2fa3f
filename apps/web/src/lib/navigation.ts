/**
 * Lets code outside React (the HTTP client's forced logout) change the route. The app registers the
 * router's navigate once it exists; before that, and in isolation, a full page load does the job.
 */
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function registerNavigate(fn: Navigate): void {
  navigate = fn;
}

export function navigateTo(to: string): void {
  navigate(to);
}
