import type { AccountRole } from '@urs/sync-protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/ui/form-modal.js';
import { toast } from '../../../../client/toast.js';
import { problemTitleKey, useRequestsText } from '../requests-i18n.js';
import { TEXT_LIMITS, reason } from '@urs/sync-protocol';
import { errorText } from '../../../../lib/error-text.js';
import { type Decision } from '../data/request-rows.js';
import { type DecideOutcome } from '../data/requests-save.js';
import { decideRequest, type RequestsDatabase } from '../data/requests-writes.js';
import { TextAreaField } from '../../../../components/ui/text-field.js';

/** The admin's approve/reject form with optional notes; queued offline like any write. */
export function RequestDecisionModal({
  actor,
  requestId,
  label,
  decision,
  onClose,
  database,
}: {
  actor: { id: string; role: AccountRole };
  requestId: string;
  /** The request's number or item name, for the title. */
  label: string;
  decision: Decision;
  onClose: () => void;
  database?: RequestsDatabase;
}) {
  const { t } = useTranslation();
  const k = useRequestsText();
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reasonText = (outcome: Extract<DecideOutcome, { ok: false }>): string => {
    switch (outcome.reason) {
      case 'forbidden':
        return k('decide.forbidden');
      case 'notPending':
        return k('decide.notPending');
      case 'notFound':
        return k('detail.notFound');
      case 'notesTooLong':
        return `${t(problemTitleKey('notesTooLong'))}: ${errorText(reason('text_too_long', { max: TEXT_LIMITS.requestNotes }))}`;
      case 'failed':
        return outcome.message ?? k('decide.failed');
    }
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await decideRequest(actor, requestId, decision, notes, database);
      if (outcome.ok) {
        toast.success(decision === 'approved' ? k('decide.approved') : k('decide.rejected'));
        onClose();
        return;
      }
      const text = reasonText(outcome);
      setError(text);
      toast.error(k('decide.failed'), text);
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      setError(text);
      toast.error(k('decide.failed'), text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      title={
        decision === 'approved'
          ? k('decide.approveTitle', { name: label })
          : k('decide.rejectTitle', { name: label })
      }
      submitLabel={decision === 'approved' ? k('decide.approve') : k('decide.reject')}
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="request-decision"
    >
      <TextAreaField
        label={`${k('decide.notes')} ${k('form.optional')}`}
        rows={3}
        maxLength={TEXT_LIMITS.requestNotes}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
    </FormModal>
  );
}
