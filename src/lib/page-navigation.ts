/**
 * Leaves the app for a page a function answered (a payment page, onboarding, an OAuth client): the one seam tests
 * replace, since jsdom cannot navigate.
 */
export const pageNavigation = {
  open(url: string) {
    window.location.assign(url);
  },
};
