import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Area, RoundCompletion, RoundTemplate } from '@urs/sync-protocol';
import { useCurrentUser } from '../../../client/use-session.js';
import { formatDateTime, formatDay } from '../../../lib/format.js';
import { sheetLanguage, sheetTexts, type SheetLanguage } from '../proof-sheet/build-sheet.js';
import { renderProofPdf } from '../proof-sheet/render-pdf.js';
import { loadSheetImages } from '../proof-sheet/sheet-images.js';
import type { ProofSheet, SheetImage } from '../proof-sheet/sheet-model.js';
import { PdfButton } from '../proof-sheet/pdf-button.js';
import { answerText } from './answer-text.js';
import '../proof-sheet/proof-i18n.js';
import './round-i18n.js';

/*
 * A completed round's proof sheet (issue 41): the same A4 sheet as a report's, made on the
 * device (offline too), with the checklist's answers as its text and each answer's photos,
 * captioned with their item.
 */

export interface RoundSheetSource {
  template: Pick<RoundTemplate, 'title' | 'due_time'>;
  completion: RoundCompletion;
  names: ReadonlyMap<string, string>;
  areas: readonly Pick<Area, 'name'>[];
}

/** The round's sheet with every text in `lng`; photos print in checklist order. */
export function buildRoundSheet(
  source: RoundSheetSource,
  images: ReadonlyMap<string, SheetImage | null>,
  lng: SheetLanguage,
): ProofSheet {
  const t = (key: string, options: Record<string, unknown> = {}) =>
    i18next.t(key, { lng, ...options });
  const { completion, names, template } = source;
  const who = names.get(completion.completed_by) ?? t('reports.unknownUser');
  const lines = completion.answers.map((answer, index) => {
    const head = `${index + 1}. ${answer.label}: ${answerText(answer, t)}`;
    return answer.note === null ? head : `${head} (${answer.note})`;
  });
  const photos = completion.answers.flatMap((answer) =>
    answer.photos.map((id) => ({ caption: answer.label, image: images.get(id) ?? null })),
  );
  return {
    heading: `${template.title}, ${formatDay(completion.occurrence_date, lng)}`,
    facts: [
      { label: t('rounds.badge'), value: template.title },
      { label: t('rounds.areas'), value: source.areas.map((a) => a.name).join(', ') || '-' },
      { label: t('proof.roundDay'), value: formatDay(completion.occurrence_date, lng) },
      { label: t('reports.reporter'), value: who },
      { label: t('rounds.completedAt'), value: formatDateTime(completion.completed_at, lng) },
      { label: t('proof.roundId'), value: completion.id },
    ],
    description: { label: t('proof.checklist'), text: lines.join('\n') },
    adminNote: { label: t('rounds.roundNote'), text: completion.note ?? '-' },
    before: { label: t('rounds.photo'), photos },
    after: { label: '', photos: [] },
    reporterName: who,
  };
}

export async function makeRoundPdf(
  source: RoundSheetSource,
  lng: SheetLanguage,
  now: Date,
  schoolName?: string | null,
): Promise<{ blob: Blob; missing: number }> {
  const ids = source.completion.answers.flatMap((a) => a.photos);
  const images = await loadSheetImages(ids);
  const missing = [...images.values()].filter((image) => image === null).length;
  const texts = {
    ...sheetTexts(lng, now, schoolName),
    title: i18next.t('proof.roundTitle', { lng }),
  };
  const blob = await renderProofPdf({
    texts,
    language: lng,
    title: `${texts.title} ${source.completion.id}`,
    sheets: [buildRoundSheet(source, images, lng)],
  });
  return { blob, missing };
}

export function PrintRoundButton(props: RoundSheetSource) {
  const { t, i18n } = useTranslation();
  const schoolName = useCurrentUser()?.school_name;
  return (
    <PdfButton
      make={() => makeRoundPdf(props, sheetLanguage(i18n.language), new Date(), schoolName)}
      fileName={`rutinitas-${props.completion.id}.pdf`}
      label={t('rounds.proof')}
      className="button button-secondary rd-proof no-print"
      testId="round-proof"
    />
  );
}
