import { REQUEST_TYPES, TEXT_LIMITS } from '@urs/sync-protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField, TextField } from '../../../../components/ui/text-field.js';
import type { FieldProblem } from './request-form-logic.js';
import { problemTextKey, problemTitleKey, useRequestsText } from '../requests-i18n.js';
import type { RequestFormState } from './use-request-form.js';

/** "Pilih barang: Silakan pilih barang yang ingin diminta." — the spec's title and text together. */
export function useProblemText() {
  const { t } = useTranslation();
  return (problem: FieldProblem | undefined): string[] | undefined => {
    if (problem === undefined) return undefined;
    const text = problem.detail ?? t(problemTextKey(problem.code));
    return [`${t(problemTitleKey(problem.code))}: ${text}`];
  };
}

/** Stock item or a new item: the choice that decides the rest of the form. */
export function RequestTypeChoice({ form }: { form: RequestFormState }) {
  const k = useRequestsText();
  const id = useId();
  return (
    <fieldset className="req-types">
      <legend className="field-label">{k('form.type')}</legend>
      {REQUEST_TYPES.map((type) => (
        <label key={type} className="choice req-type">
          <input
            type="radio"
            name={`${id}-type`}
            value={type}
            checked={form.values.type === type}
            onChange={() => form.setType(type)}
          />
          <span>
            <span className="req-type-name">{k(`types.${type}`)}</span>
            <span className="field-hint">{k(`form.typeHints.${type}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Quantity, needed date and notes, which both kinds of request have. */
export function RequestCommonFields({ form }: { form: RequestFormState }) {
  const { values, problems, set } = form;
  const k = useRequestsText();
  const problemText = useProblemText();
  const optional = ` ${k('form.optional')}`;
  return (
    <>
      <div className="req-form-row">
        <TextField
          label={k('form.quantity')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.quantity}
          errors={problemText(problems.quantity)}
          onChange={(event) => set('quantity', event.target.value)}
        />
        <TextField
          label={`${k('form.neededDate')}${optional}`}
          type="date"
          value={values.needed_date}
          errors={problemText(problems.needed_date)}
          onChange={(event) => set('needed_date', event.target.value)}
        />
      </div>
      <TextAreaField
        label={`${k('form.notes')}${optional}`}
        rows={3}
        maxLength={TEXT_LIMITS.requestNotes}
        value={values.notes}
        errors={problemText(problems.notes)}
        onChange={(event) => set('notes', event.target.value)}
      />
    </>
  );
}
