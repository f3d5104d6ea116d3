import { screen, within } from '@testing-library/react';

/** The toast on screen (the shell shows one at a time), found as a user's screen reader would. */
export async function findToast(title: string) {
  const notifications = await screen.findByRole('region', { name: /Notifications/ });
  const heading = await within(notifications).findByText(title);
  return heading.closest('li') ?? heading;
}
