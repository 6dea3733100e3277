import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemRequest } from '@urs/sync-protocol';
import type { UrsDatabase } from '../../../db/index.js';
import { toast } from '../../../lib/toast.js';
import { firstProblem, type FieldProblem, type FormProblems } from './request-form-logic.js';
import { createItemRequest, type CreateRequestInput, type WriteOptions } from './requests-save.js';
import { requestKey } from './requests-i18n.js';

/** Sending the request form: queued on success, else its problems or failure shown. */
export function useRequestSubmit(
  input: CreateRequestInput & {
    database: UrsDatabase;
    userId: string;
    options: WriteOptions;
    onCreated: (row: ItemRequest) => void;
    onProblems: (problems: FormProblems) => void;
    showProblem: (problem: FieldProblem) => void;
  },
) {
  const { t } = useTranslation();
  const k = (key: string) => t(requestKey(key));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { database, userId, values, image, items, options } = input;
      const outcome = await createItemRequest(database, userId, { values, image, items }, options);
      if (outcome.ok) {
        toast.success(navigator.onLine ? k('created') : k('createdOffline'));
        input.onCreated(outcome.row);
        return;
      }
      input.onProblems(outcome.problems);
      if (outcome.failure !== null) {
        setFailure(outcome.failure);
        toast.error(k('createFailed'), outcome.failure);
        return;
      }
      const first = firstProblem(outcome.problems);
      if (first !== null) input.showProblem(first);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setFailure(message);
      toast.error(k('createFailed'), message);
    } finally {
      setBusy(false);
    }
  };

  return { busy, failure, submit };
}
