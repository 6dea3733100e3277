import type { ItemRequest, RequestType } from '@urs/sync-protocol';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { db, type UrsDatabase } from '../../../../db/index.js';
import { toast } from '../../../../client/toast.js';
import { seemsOnline, type ImageCompressor } from '../../../../sync/index.js';
import {
  EMPTY_REQUEST_FORM,
  firstProblem,
  imageProblem,
  type FieldProblem,
  type FormProblems,
  type RequestField,
  type RequestFormValues,
} from './request-form-logic.js';
import { useChosenImage } from './request-image-field.js';
import type { RefusedRequest } from '../data/refused-request.js';
import { problemTextKey, problemTitleKey, useRequestsText } from '../requests-i18n.js';
import type { PickerItem } from '../data/requests-queries.js';
import { createItemRequest, describeImage } from '../data/requests-save.js';

export type SetField = (
  field: Exclude<keyof RequestFormValues, 'type'> & RequestField,
  value: string,
) => void;

/**
 * The new-request form's values, problems and image, and sending it: queued on success, else
 * its problems or failure shown.
 */
export function useRequestForm(input: {
  /** The app's database unless a test passes its own. */
  database: UrsDatabase | undefined;
  userId: string;
  items: readonly PickerItem[];
  compress: ImageCompressor | null | undefined;
  refused: RefusedRequest | undefined;
  onCreated: (row: ItemRequest) => void;
}) {
  const { t } = useTranslation();
  const k = useRequestsText();
  const { refused } = input;
  const [values, setValues] = useState<RequestFormValues>(refused?.values ?? EMPTY_REQUEST_FORM);
  const [problems, setProblems] = useState<FormProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const image = useChosenImage(refused?.image ?? null);
  const itemMap = useMemo(() => new Map(input.items.map((item) => [item.id, item])), [input.items]);

  const set: SetField = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  const setType = (type: RequestType) => {
    setValues((current) => ({ ...current, type }));
    setProblems({});
  };

  const showProblem = (problem: FieldProblem) => {
    toast.error(
      t(problemTitleKey(problem.code)),
      problem.detail ?? t(problemTextKey(problem.code)),
    );
  };

  const chooseImage = async (file: File) => {
    const problem = imageProblem(await describeImage(file));
    if (problem !== null) {
      // The previous image (if any) stays: a refused file never replaces a good one.
      setProblems((current) => ({ ...current, image: problem }));
      showProblem(problem);
      return;
    }
    image.choose(file);
    setProblems(({ image: _accepted, ...rest }) => rest);
  };

  const fail = (message: string) => {
    setFailure(message);
    toast.error(k('createFailed'), message);
  };

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await createItemRequest(
        input.database ?? db,
        input.userId,
        {
          values,
          image: values.type === 'custom' ? (image.chosen?.file ?? null) : null,
          items: itemMap,
        },
        {
          ...(input.compress !== undefined && { compress: input.compress }),
          ...(refused !== undefined && { id: refused.requestId, replacing: refused.entryId }),
        },
      );
      if (outcome.ok) {
        toast.success(seemsOnline() ? k('created') : k('createdOffline'));
        input.onCreated(outcome.row);
        return;
      }
      setProblems(outcome.problems);
      if (outcome.failure !== null) {
        fail(outcome.failure);
        return;
      }
      const first = firstProblem(outcome.problems);
      if (first !== null) showProblem(first);
    } catch (err) {
      fail(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return { values, problems, image, busy, failure, set, setType, chooseImage, submit };
}

export type RequestFormState = ReturnType<typeof useRequestForm>;
