import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkAnswers,
  newId,
  photoNeeded,
  ROUND_LIMITS,
  type Area,
  type RoundItem,
  type RoundTemplate,
} from '@urs/sync-protocol';
import { toast } from '../../../client/toast.js';
import { errorText } from '../../../lib/error-text.js';
import { keepPhoto } from '../data/report-writes.js';
import { usePhotoUrl } from '../data/photo-queries.js';
import {
  completeRound,
  type AnswerDraft,
  type FormPhotoRecord as PhotoRecord,
} from './round-writes.js';
import './round-i18n.js';

const ACCEPT = 'image/jpeg,image/png,image/webp';

interface Draft {
  value: string | number | null;
  /** What the number field holds as typed ('' while empty). */
  typed: string;
  note: string;
  noteOpen: boolean;
  photos: PhotoRecord[];
  raise: boolean;
  areaId: string;
}

const emptyDraft = (areaId: string): Draft => ({
  value: null,
  typed: '',
  note: '',
  noteOpen: false,
  photos: [],
  raise: false,
  areaId,
});

/**
 * The checklist of one occurrence, answered with a thumb: big pass / fail / n.a. toggles, a
 * number with its unit, a short text, a photo where the item asks, a note. Submitting checks
 * the answers with the contract's rule (the server's), then queues the completion and the
 * reports of the failed items marked to be reported, offline as online.
 */
export function RoundForm({
  template,
  date,
  userId,
  areas,
}: {
  template: RoundTemplate;
  date: string;
  userId: string;
  areas: readonly Area[];
}) {
  const { t } = useTranslation();
  const firstArea = template.area_ids[0] ?? '';
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [id] = useState(() => newId());
  const [startedAt] = useState(() => new Date().toISOString());

  const draftOf = (itemId: string) => drafts[itemId] ?? emptyDraft(firstArea);
  const update = (itemId: string, patch: Partial<Draft>) =>
    setDrafts((all) => ({
      ...all,
      [itemId]: { ...(all[itemId] ?? emptyDraft(firstArea)), ...patch },
    }));

  const answers: AnswerDraft[] = template.items.map((item) => {
    const d = draftOf(item.id);
    return { item_id: item.id, value: d.value, note: d.note, photos: d.photos };
  });
  const issues = checkAnswers(
    template.items,
    answers.map((a) => ({ ...a, photos: a.photos.map((p) => p.id) })),
  );
  const issueOf = (itemId: string) =>
    issues.find((i) => i.path === `answers.${itemId}` || i.path === `answers.${itemId}.photos`);
  const answered = answers.filter((a) => a.value !== null).length;

  const submit = async () => {
    setTried(true);
    if (issues.length > 0) {
      toast.error(t('rounds.fixErrors'));
      const first = issues[0]?.path.split('.')[1];
      if (first !== undefined) document.getElementById(`ri-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const raise = template.items.flatMap((item) => {
        const d = draftOf(item.id);
        return d.value === 'fail' && d.raise ? [{ itemId: item.id, areaId: d.areaId }] : [];
      });
      const result = await completeRound({
        id,
        userId,
        template,
        date,
        answers,
        note,
        startedAt,
        raise,
      });
      if (result.kind === 'queued') toast.success(t('rounds.submitted'));
      else toast.error(t('rounds.fixErrors'), Object.values(result.errors).flat().join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="rd-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="muted rd-progress" aria-live="polite">
        {t('rounds.answered', { done: answered, count: template.items.length })}
      </p>
      <ol className="rd-items">
        {template.items.map((item) => (
          <ItemCard
            key={item.id}
            item={item}
            draft={draftOf(item.id)}
            error={tried ? issueOf(item.id) : undefined}
            areas={areas}
            userId={userId}
            onChange={(patch) => update(item.id, patch)}
          />
        ))}
      </ol>
      <label className="field rd-round-note">
        <span className="field-label">{t('rounds.roundNote')}</span>
        <textarea
          className="input"
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <button
        type="submit"
        className="button button-primary button-block rd-submit"
        disabled={busy}
        data-testid="round-submit"
      >
        {t('rounds.submit')}
      </button>
    </form>
  );
}

function ItemCard({
  item,
  draft,
  error,
  areas,
  userId,
  onChange,
}: {
  item: RoundItem;
  draft: Draft;
  error: { code: string; path: string } | undefined;
  areas: readonly Area[];
  userId: string;
  onChange: (patch: Partial<Draft>) => void;
}) {
  const { t } = useTranslation();
  const errorId = `ri-${item.id}-error`;
  const needsPhoto = photoNeeded(item, draft.value);
  const failed = draft.value === 'fail';
  return (
    <li
      className={error === undefined ? 'card rd-item' : 'card rd-item rd-item-invalid'}
      data-item={item.id}
    >
      <div className="rd-item-head">
        <span className="rd-item-label" id={`ri-${item.id}-label`}>
          {item.label}
        </span>
        {item.photo === 'required' && <span className="jb-badge">{t('rounds.photoRequired')}</span>}
        {item.photo === 'on_fail' && <span className="jb-badge">{t('rounds.photoOnFail')}</span>}
      </div>
      {item.kind === 'pass_fail_na' && (
        <div
          className="rd-toggles"
          role="radiogroup"
          aria-labelledby={`ri-${item.id}-label`}
          id={`ri-${item.id}`}
          tabIndex={-1}
          aria-describedby={error === undefined ? undefined : errorId}
        >
          {(['pass', 'fail', 'na'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={draft.value === value}
              className={`rd-toggle rd-toggle-${value}`}
              data-testid={`answer-${item.id}-${value}`}
              onClick={() => onChange({ value, raise: value === 'fail' ? draft.raise : false })}
            >
              {t(`rounds.${value}`)}
            </button>
          ))}
        </div>
      )}
      {item.kind === 'number' && (
        <label className="rd-number">
          <input
            id={`ri-${item.id}`}
            className="input"
            inputMode="decimal"
            aria-labelledby={`ri-${item.id}-label`}
            aria-invalid={error !== undefined}
            aria-describedby={error === undefined ? undefined : errorId}
            data-testid={`answer-${item.id}-number`}
            value={draft.typed}
            onChange={(event) => {
              const typed = event.target.value;
              const parsed = Number(typed.replace(',', '.'));
              onChange({
                typed,
                value: typed.trim() === '' || !Number.isFinite(parsed) ? null : parsed,
              });
            }}
          />
          {item.unit !== null && <span className="rd-unit">{item.unit}</span>}
        </label>
      )}
      {item.kind === 'text' && (
        <input
          id={`ri-${item.id}`}
          className="input"
          maxLength={500}
          aria-labelledby={`ri-${item.id}-label`}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
          data-testid={`answer-${item.id}-text`}
          value={typeof draft.value === 'string' ? draft.value : ''}
          onChange={(event) =>
            onChange({ value: event.target.value === '' ? null : event.target.value })
          }
        />
      )}
      {(needsPhoto || draft.photos.length > 0 || item.photo !== 'none') && (
        <ItemPhotos
          item={item}
          photos={draft.photos}
          needed={needsPhoto}
          userId={userId}
          onChange={(photos) => onChange({ photos })}
        />
      )}
      {draft.noteOpen || draft.note !== '' || failed ? (
        <label className="field">
          <span className="field-label">{t('rounds.note')}</span>
          <textarea
            className="input"
            rows={2}
            maxLength={2000}
            data-testid={`note-${item.id}`}
            value={draft.note}
            onChange={(event) => onChange({ note: event.target.value })}
          />
        </label>
      ) : (
        <button
          type="button"
          className="button button-secondary rd-note-button"
          onClick={() => onChange({ noteOpen: true })}
        >
          {t('rounds.addNote')}
        </button>
      )}
      {failed && (
        <div className="rd-raise">
          <label className="rd-raise-toggle">
            <input
              type="checkbox"
              checked={draft.raise}
              data-testid={`raise-${item.id}`}
              onChange={(event) => onChange({ raise: event.target.checked })}
            />
            <span>{t('rounds.raise')}</span>
          </label>
          {draft.raise && areas.length > 1 && (
            <label className="field">
              <span className="field-label">{t('rounds.raiseArea')}</span>
              <select
                className="input"
                value={draft.areaId}
                onChange={(event) => onChange({ areaId: event.target.value })}
              >
                {areas.map((area) => (
                  <option key={area.id} value={area.id}>
                    {area.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      {error !== undefined && (
        <p className="field-error" id={errorId} role="alert">
          {errorText({ code: error.code })}
        </p>
      )}
    </li>
  );
}

function ItemPhotos({
  item,
  photos,
  needed,
  userId,
  onChange,
}: {
  item: RoundItem;
  photos: PhotoRecord[];
  needed: boolean;
  userId: string;
  onChange: (photos: PhotoRecord[]) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (file === undefined) return;
    setBusy(true);
    try {
      onChange([...photos, await keepPhoto(userId, file)]);
    } catch (err) {
      toast.error(t('rounds.photo'), err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rd-photos">
      {photos.map((photo) => (
        <Thumb
          key={photo.id}
          photoId={photo.id}
          onRemove={() => onChange(photos.filter((p) => p.id !== photo.id))}
        />
      ))}
      {photos.length < ROUND_LIMITS.photosPerItem && (
        <label
          className={`button ${needed && photos.length === 0 ? 'button-primary' : 'button-secondary'} file-button rd-photo-button`}
        >
          {busy ? t('reports.processing') : t('rounds.takePhoto')}
          <input
            type="file"
            accept={ACCEPT}
            capture="environment"
            disabled={busy}
            data-testid={`photo-${item.id}`}
            onChange={(event) => void onFile(event)}
          />
        </label>
      )}
    </div>
  );
}

export function Thumb({ photoId, onRemove }: { photoId: string; onRemove?: () => void }) {
  const { t } = useTranslation();
  const url = usePhotoUrl(photoId);
  return (
    <span className="rd-thumb">
      {url.state === 'ready' ? (
        <img src={url.url} alt={t('rounds.photo')} />
      ) : (
        <span className="rd-thumb-empty" />
      )}
      {onRemove !== undefined && (
        <button
          type="button"
          className="rd-thumb-remove"
          aria-label={t('rounds.removePhoto')}
          onClick={onRemove}
        >
          ×
        </button>
      )}
    </span>
  );
}
