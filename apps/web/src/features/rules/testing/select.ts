import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Opens the select labelled `label` (inside `container` when given) and picks the option shown as `option`. */
export async function chooseOption(label: string, option: string, container?: HTMLElement): Promise<void> {
  await userEvent.click((container ? within(container) : screen).getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
    const found = open?.querySelector(`.ant-select-item-option[title="${option}"]`);
    if (!found) throw new Error(`option ${option} not shown`);
    return found;
  });
  await userEvent.click(item);
}
