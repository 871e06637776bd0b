/** Hands the browser to another address (the identity provider's sign-in step); a seam the page tests replace. */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
