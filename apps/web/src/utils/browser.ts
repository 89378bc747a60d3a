/**
 * Sends the browser to another site, replacing the current history entry so
 * that Back does not land on a page that would do it again. One function, so
 * that tests can observe it (jsdom cannot navigate).
 */
export function redirectBrowser(url: string): void {
  window.location.replace(url);
}
