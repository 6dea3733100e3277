// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download.js';

describe('fileNameFromDisposition', () => {
  it('takes the download name from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="laporan-2026.xlsx"', 'x.xlsx')).toBe(
      'laporan-2026.xlsx',
    );
    expect(
      fileNameFromDisposition("attachment; filename*=UTF-8''laporan%20hari%20ini.xlsx", 'x.xlsx'),
    ).toBe('laporan hari ini.xlsx');
  });

  it('falls back when the header is missing or names no file', () => {
    expect(fileNameFromDisposition(null, 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameFromDisposition('attachment', 'x.xlsx')).toBe('x.xlsx');
  });
});
