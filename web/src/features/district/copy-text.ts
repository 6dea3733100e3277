/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it (HTTPS or
 * localhost), else the older copy command on the given input's selection, which a school's
 * plain-http address on its own network still allows. False when neither worked: the caller
 * leaves the text selected for the user to copy by hand.
 */
export async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (typeof navigator.clipboard?.writeText === 'function') {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): the selection below may still work.
  }
  if (input === null) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
