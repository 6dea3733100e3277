import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { MAX_PHOTOS_PER_KIND, PHOTO_KINDS, type ReportStatus } from '@urs/sync-protocol';
import { confirmDialog } from '../../../client/dialog.js';
import { errorText } from '../../../lib/error-text.js';
import { t } from '../../../lib/i18n.js';
import { useUnsavedChanges } from '../../../pwa/index.js';
import { missingPhotoIds } from '../data/photo-queries.js';
import { discardUnattachedPhoto } from '../data/report-writes.js';
import { clearDraft, loadStoredDraft, saveDraft } from './report-draft.js';
import type { FormPhoto, ReportFormValues } from './report-form-state.js';

/** The preset values that name something (a blank one names nothing and changes nothing). */
function presetOver(preset: Partial<ReportFormValues>): Partial<ReportFormValues> {
  return Object.fromEntries(Object.entries(preset).filter(([, value]) => value !== ''));
}

export type FieldErrors = Record<string, string[]>;

export interface ReportFormProps {
  userId: string;
  /** localStorage key of this form's draft. */
  draftKey: string;
  initialValues: ReportFormValues;
  /**
   * What the link that opened the form names (a poster's area): it wins over a restored
   * draft's, where an old draft of another room would otherwise file this work there.
   */
  presetValues?: Partial<ReportFormValues>;
  initialPhotos: readonly FormPhoto[];
  statusOptions: readonly ReportStatus[];
  /** A new report may be filed for someone else to fix (decision 028): the form offers the switch. */
  offerUnassigned?: boolean;
  /**
   * For a new report: the id it will be filed under, unless a restored draft already has one.
   * Kept with the draft and handed to onSubmit.
   */
  newReportId?: string;
  /** Returns field errors to show, or null when saved (the draft is then cleared). */
  onSubmit: (
    values: ReportFormValues,
    photos: FormPhoto[],
    reportId: string | undefined,
    /** What the form started from: the draft it was restored from, or what it opened with. */
    startedFrom: { values: ReportFormValues; photos: FormPhoto[] },
  ) => Promise<FieldErrors | null>;
  onCancel: () => void;
}

/** The report form's state: kept as a draft on every change, photos in Dexie at once. */
export function useReportForm(props: ReportFormProps) {
  const { draftKey } = props;
  const stored = useMemo(() => loadStoredDraft(localStorage, draftKey), [draftKey]);
  const restored = stored.kind === 'kept' ? stored.draft : null;
  const preset = presetOver(props.presetValues ?? {});
  const presetOverDraft =
    restored !== null &&
    Object.entries(preset).some(
      ([key, value]) => restored.values[key as keyof ReportFormValues] !== value,
    );
  const [values, setValues] = useState<ReportFormValues>(() =>
    restored === null ? props.initialValues : { ...restored.values, ...preset },
  );
  const [startedWith] = useState(() => ({
    values: props.initialValues,
    photos: [...props.initialPhotos],
  }));
  const [photos, setPhotos] = useState<FormPhoto[]>(restored?.photos ?? [...props.initialPhotos]);
  // What cancel discards is read after its question: a photo can finish while it is asked.
  const photosNow = useRef(photos);
  photosNow.current = photos;
  const [dirty, setDirty] = useState(restored !== null);
  const [reportId] = useState(() => restored?.report_id ?? props.newReportId);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  // Photos picked and still being prepared (EXIF, compression, hash: seconds each on a phone):
  // the form is not saved without them, and leaving would lose them.
  const [processing, setProcessing] = useState(0);
  const savedRef = useRef(false);

  useUnsavedChanges(`report-form:${draftKey}`, (dirty || processing > 0) && !saving);

  // Photos of a restored draft whose bytes are gone (storage cleared) are dropped.
  useEffect(() => {
    if (restored === null) return;
    const ids = restored.photos.filter((photo) => photo.attached !== true).map((p) => p.id);
    void missingPhotoIds(ids).then((missing) => {
      if (missing.size > 0) setPhotos((list) => list.filter((photo) => !missing.has(photo.id)));
    });
  }, [restored]);

  useEffect(() => {
    if (!dirty || savedRef.current) return;
    saveDraft(localStorage, draftKey, {
      values,
      photos,
      ...(reportId !== undefined && { report_id: reportId }),
    });
  }, [dirty, draftKey, values, photos, reportId]);

  const set = <K extends keyof ReportFormValues>(key: K, value: ReportFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setDirty(true);
    setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  const addPhoto = (photo: FormPhoto) => {
    setPhotos((list) => [...list, photo]);
    setDirty(true);
  };
  const removePhoto = (photo: FormPhoto) => {
    setPhotos((list) => list.filter((item) => item.id !== photo.id));
    setDirty(true);
    // A photo never attached to anything is only taking space: drop its bytes too.
    if (photo.attached !== true) void discardUnattachedPhoto(photo.id).catch(() => undefined);
  };

  const photoBusy = (delta: number) => setProcessing((n) => n + delta);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || processing > 0) return;
    // The pickers stop at the limit; a restored draft or a merged edit may still hold more.
    const over = PHOTO_KINDS.find(
      (kind) => photos.filter((photo) => photo.kind === kind).length > MAX_PHOTOS_PER_KIND,
    );
    if (over !== undefined) {
      setErrors({
        _: [
          errorText({ code: 'photos_per_kind', params: { max: MAX_PHOTOS_PER_KIND, kind: over } }),
        ],
      });
      return;
    }
    setSaving(true);
    try {
      // The form's starting point: the draft it was restored from, or what it opened with.
      const startedFrom = restored ?? startedWith;
      const result = await props.onSubmit(values, photos, reportId, startedFrom);
      if (result === null) {
        savedRef.current = true;
        setDirty(false);
        clearDraft(localStorage, draftKey);
      } else {
        setErrors(result);
        const first = Object.keys(result)[0];
        if (first !== undefined) {
          document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
        }
      }
    } finally {
      setSaving(false);
    }
  };

  const cancel = async () => {
    // What was typed is the user's work: one tap beside "Simpan laporan" must not lose it.
    if (dirty || processing > 0) {
      const discard = await confirmDialog({
        title: t('reports.discardTitle'),
        text: t('reports.discardText'),
        icon: 'warning',
        confirmLabel: t('reports.discardConfirm'),
        cancelLabel: t('reports.keepEditing'),
        danger: true,
      });
      if (!discard) return;
    }
    clearDraft(localStorage, draftKey);
    for (const photo of photosNow.current) {
      if (photo.attached !== true) void discardUnattachedPhoto(photo.id).catch(() => undefined);
    }
    savedRef.current = true;
    setDirty(false);
    props.onCancel();
  };

  return {
    stored,
    restored,
    presetOverDraft,
    values,
    photos,
    errors,
    saving,
    processing,
    photoBusy,
    set,
    addPhoto,
    removePhoto,
    submit,
    cancel,
  };
}
