import type { Report } from '@urs/sync-protocol';

/**
 * The time a sheet prints as "filed": when the work was filed on the device, never when the
 * server happened to receive it (docs/decisions/012-device-filing-time.md).
 */
export function filedTimeOf(report: Pick<Report, 'reported_at'>): string {
  return report.reported_at;
}

/** A photo's bytes ready for the PDF: always JPEG, which a PDF embeds as it is (DCT). */
export interface SheetImage {
  jpeg: Uint8Array;
}

export interface SheetPhoto {
  /** "Diambil …" or "waktu pengambilan tidak diketahui", already in the sheet's language. */
  caption: string;
  /** null: the bytes are neither on this device nor reachable now. */
  image: SheetImage | null;
}

/** One report as its printed sheet shows it: every text already in the user's language. */
export interface ProofSheet {
  /** Under the title on every page: the report's number, or the words for one not yet given. */
  heading: string;
  facts: { label: string; value: string }[];
  description: { label: string; text: string };
  adminNote: { label: string; text: string };
  before: { label: string; photos: SheetPhoto[] };
  after: { label: string; photos: SheetPhoto[] };
  reporterName: string;
}

/** Texts every page shares, in the user's language. */
export interface SheetTexts {
  school: string;
  title: string;
  noPhoto: string;
  photoNotHere: string;
  signReporter: string;
  signChecked: string;
  signName: string;
  printedAt: string;
  /** "Halaman {{n}} dari {{total}}" with the numbers filled in. */
  page: (n: number, total: number) => string;
}

/** The first page of a period's PDF. */
export interface PeriodCover {
  title: string;
  filters: { label: string; value: string }[];
  count: { label: string; value: number };
  byStatus: { label: string; rows: { label: string; value: number }[] };
  byWorkType: { label: string; rows: { label: string; value: number }[] };
}
