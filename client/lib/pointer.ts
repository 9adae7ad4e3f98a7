/**
 * Whether the user points with a mouse (and so types on a keyboard). On a touch screen, focusing a text field
 * opens the on-screen keyboard over the page: it is focused only when the user taps it.
 */
export function pointsFinely(): boolean {
  return window.matchMedia('(pointer: fine)').matches;
}
