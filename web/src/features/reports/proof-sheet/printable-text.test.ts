import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { printableText, UNPRINTABLE } from './printable-text.js';

/** Whether jsPDF's Helvetica writes `text` in its 8-bit encoding rather than as UTF-16. */
function eightBit(doc: jsPDF, text: string): boolean {
  const written = doc.pdfEscape(text, { autoencode: true }).replace(/\\([\\()])/g, '$1');
  return written.length === text.length && [...written].every((c) => c.charCodeAt(0) < 256);
}

const isControl = (code: number) => (code < 0x20 && code !== 0x0a) || (code >= 0x7f && code < 0xa0);

describe('printable text', () => {
  it('keeps what cp1252 has as it is', () => {
    for (const text of [
      'Rp 1.000',
      'Pak Budi’s “ruang” – lantai 2 — selesai…',
      'café, Müller, Ørsted, Straße, Œuvre, 5 €, ™',
      'Pengecatan ulang pagar depan.\nSudah dicek.',
    ]) {
      expect(printableText(text)).toBe(text);
    }
  });

  it('folds other letters to their base letters', () => {
    expect(printableText('Nguyễn')).toBe('Nguyen');
    expect(printableText('Nguye\u0302\u0303n')).toBe('Nguyen');
    expect(printableText('Trần Văn Đức')).toBe('Tran Van Duc');
    expect(printableText('Łódź')).toBe('Lódz');
    expect(printableText('Ｒｕａｎｇ ① ﬁ')).toBe('Ruang 1 fi');
  });

  it('prints one placeholder per emoji or character without a letter, and keeps the rest', () => {
    expect(UNPRINTABLE).toBe('?');
    expect(printableText('Lampu kelas 7A mati 😢 tolong dicek')).toBe(
      'Lampu kelas 7A mati ? tolong dicek',
    );
    expect(printableText('oke 👍🏽 ❤️ 🇮🇩 👨‍👩‍👧 🏴󠁧󠁢󠁥󠁮󠁧󠁿 1️⃣')).toBe('oke ? ? ? ? ? 1');
    expect(printableText('😢😢')).toBe('??');
    expect(printableText('pak 王小明')).toBe('pak ???');
  });

  it('keeps line breaks and drops what prints nothing', () => {
    expect(printableText('a\r\nb\rc\u2028d\te')).toBe('a\nb\nc\nd e');
    expect(printableText('a\u200Bb\u0000c\u0085d\uFEFF')).toBe('abcd');
    expect(printableText('20.05\u202FPM')).toBe('20.05 PM');
  });

  it('is idempotent, so wrapped lines may be made printable again', () => {
    const once = printableText('Nguyễn 😢 “kecil” 王');
    expect(printableText(once)).toBe(once);
  });

  it('gives jsPDF only what Helvetica encodes, and keeps all of it', () => {
    const doc = new jsPDF();
    doc.setFont('helvetica', 'normal');
    const garbled: string[] = [];
    const changed: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (!eightBit(doc, printableText(char))) garbled.push(char);
      if (!isControl(code) && eightBit(doc, char) && printableText(char) !== char) {
        changed.push(char);
      }
    }
    for (const text of ['😢', '👨‍👩‍👧', '𝐀', '🇮🇩']) {
      if (!eightBit(doc, printableText(text))) garbled.push(text);
    }
    expect(garbled).toEqual([]);
    expect(changed).toEqual([]);
  });
});
