import { REQUEST_TYPES, TEXT_LIMITS, type RequestType } from '@urs/sync-protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field.js';
import type {
  FieldProblem,
  FormProblems,
  RequestField,
  RequestFormValues,
} from './request-form-logic.js';
import { problemTextKey, problemTitleKey, requestKey, typeKey } from './requests-i18n.js';

export type SetField = (
  field: Exclude<keyof RequestFormValues, 'type'> & RequestField,
  value: string,
) => void;

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
export function RequestTypeChoice({
  value,
  onChange,
}: {
  value: RequestType;
  onChange: (type: RequestType) => void;
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(requestKey(key));
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
            checked={value === type}
            onChange={() => onChange(type)}
          />
          <span>
            <span className="req-type-name">{t(typeKey(type))}</span>
            <span className="field-hint">{k(`form.typeHints.${type}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Quantity, needed date and notes, which both kinds of request have. */
export function RequestCommonFields({
  values,
  problems,
  set,
}: {
  values: RequestFormValues;
  problems: FormProblems;
  set: SetField;
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(requestKey(key));
  const id = useId();
  const problemText = useProblemText();
  const optional = ` ${k('form.optional')}`;
  const notesErrors = problemText(problems.notes);
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
      <div className="field">
        <label className="field-label" htmlFor={`${id}-notes`}>
          {`${k('form.notes')}${optional}`}
        </label>
        <textarea
          id={`${id}-notes`}
          className="input"
          rows={3}
          maxLength={TEXT_LIMITS.requestNotes}
          value={values.notes}
          aria-invalid={notesErrors !== undefined}
          {...(notesErrors !== undefined && { 'aria-describedby': `${id}-notes-error` })}
          onChange={(event) => set('notes', event.target.value)}
        />
        {notesErrors !== undefined && (
          <p id={`${id}-notes-error`} className="field-error">
            {notesErrors.join(' ')}
          </p>
        )}
      </div>
    </>
  );
}
