/**
 * Text as the sheet's built-in Helvetica can print it. jsPDF writes a string through the font's
 * WinAnsi (cp1252) encoding only when every character has a code there; one character without
 * (an emoji, "ễ") makes it write the whole string as UTF-16, which the standard font reads as
 * "\0L\0a\0m…", so one emoji would cost the whole line. A Unicode font would fix it at ~100 KB
 * more in the PDF chunk (docs/decisions/009-proof-sheets-on-the-device.md); this keeps the line.
 */

/** Placeholder for what has no letter to fall back to (emoji, CJK, …): one per character seen. */
export const UNPRINTABLE = '?';

/** The cp1252 characters outside Latin-1; jsPDF maps them to their WinAnsi codes. */
const CP1252_BEYOND_LATIN1 = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Letters and marks that NFKD does not take apart, and their closest cp1252 spelling. */
const NEAREST: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ȷ: 'j',
  Ŧ: 'T',
  ŧ: 't',
  Ŋ: 'N',
  ŋ: 'n',
  ĸ: 'k',
  Ɨ: 'I',
  ɨ: 'i',
  ƀ: 'b',
  Ʉ: 'U',
  ʉ: 'u',
  ʼ: '’',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '−': '-',
  '‛': '‘',
  '‟': '“',
  '′': "'",
  '″': '"',
};

function printable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  // Control codes have no glyph, and C1 codes would print as cp1252's characters at those bytes.
  if (code === 0x0a) return true;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return false;
  return code <= 0xff || CP1252_BEYOND_LATIN1.includes(char);
}

/**
 * One user-perceived character, close enough without Intl.Segmenter (not in every browser the
 * app supports): a flag's two regional indicators, or any character with its combining marks,
 * skin tone, tag characters and zero-width-joined followers (an emoji family is one character).
 */
const CHARACTER =
  /(?:\p{RI}\p{RI}|[^])(?:[\p{M}\p{Emoji_Modifier}\u{E0020}-\u{E007F}]|\u200D(?:\p{RI}\p{RI}|[^])?)*/gu;

/** What prints nothing anyway: combining marks once split off, joiners, selectors, controls. */
const INVISIBLE = /(?!\n)[\p{M}\p{Default_Ignorable_Code_Point}\p{Cc}]/gu;

function fold(character: string): string {
  if ([...character].every(printable)) return character;
  let folded = '';
  for (const char of character.normalize('NFKD').replace(INVISIBLE, '')) {
    const nearest = printable(char) ? char : (NEAREST[char] ?? UNPRINTABLE);
    if (!(nearest === UNPRINTABLE && folded.endsWith(UNPRINTABLE))) folded += nearest;
  }
  return folded;
}

/**
 * `text` with every character Helvetica can print kept as it is (cp1252: Indonesian, ’ “ ” – …),
 * other letters folded to their base letter ("Nguyễn" → "Nguyen", "Łódź" → "Lódz"), and what is
 * left (an emoji, a Chinese name) as one UNPRINTABLE each. Idempotent, so wrapped lines may pass
 * through again.
 */
export function printableText(text: string): string {
  const lines = text.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(/\t/g, ' ');
  if ([...lines].every(printable)) return lines;
  return lines.normalize('NFC').replace(CHARACTER, fold);
}
