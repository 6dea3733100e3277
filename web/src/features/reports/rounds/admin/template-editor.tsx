import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ROUND_ITEM_KINDS,
  ROUND_PHOTO_RULES,
  ROUND_SCHEDULE_KINDS,
  STAFF_ROLES,
  WORK_TYPES,
  newId,
  type RoundTemplate,
} from '@urs/sync-protocol';
import { toast } from '../../../../client/toast.js';
import { failureText } from '../../../../client/admin-kit.js';
import { TextField } from '../../../../components/ui/text-field.js';
import { SelectField } from '../../../../components/ui/select-field.js';
import { roleText } from '../../../../lib/role-text.js';
import { workTypeKey } from '../../report-i18n.js';
import { useAssignableStaff } from '../../data/job-queries.js';
import { useReferenceChoices } from '../round-queries.js';
import { checkTemplate, saveTemplate } from './rounds-api.js';
import {
  emptyItem,
  emptyTemplateForm,
  formOfTemplate,
  moveItem,
  templateInput,
  type ItemForm,
  type TemplateForm,
} from './template-form.js';
import './rounds-admin-i18n.js';

/**
 * Create or edit a round template (REST, online): title, areas, category and work type, the
 * ordered checklist, who does it, the schedule and its dates. Checked with the server's schema
 * first; a save is a new version on the server and reaches every phone through the pull.
 */
export function TemplateEditor({
  template,
  today,
  online,
  onDone,
}: {
  template: RoundTemplate | null;
  today: string;
  online: boolean;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TemplateForm>(() =>
    template === null ? emptyTemplateForm(today) : formOfTemplate(template),
  );
  const [id] = useState(() => template?.id ?? newId());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const choices = useReferenceChoices();
  const staff = useAssignableStaff();
  const set = (patch: Partial<TemplateForm>) => setForm((f) => ({ ...f, ...patch }));
  const setItem = (index: number, patch: Partial<ItemForm>) =>
    set({ items: form.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) });
  const err = (path: string) => errors[path];

  const save = async () => {
    const input = templateInput(form);
    const checked = checkTemplate(input);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(t('roundsAdmin.saveFailed'), Object.values(checked.errors).flat()[0]);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await saveTemplate(checked.payload, id, template === null);
      toast.success(t('roundsAdmin.saved'));
      onDone(true);
    } catch (e) {
      toast.error(
        t('roundsAdmin.saveFailed'),
        failureText(e, t('roundsAdmin.saveFailed'), t('roundsAdmin.offline'), online),
      );
    } finally {
      setBusy(false);
    }
  };

  const weekdaysShown = form.schedule === 'weekdays' || form.schedule === 'every_n_weeks';
  const nShown =
    form.schedule === 'every_n_days' ||
    form.schedule === 'every_n_weeks' ||
    form.schedule === 'after_completion';
  return (
    <form
      className="card ra-editor"
      noValidate
      data-testid="round-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="muted">{t('roundsAdmin.editHint')}</p>
      <TextField
        label={t('roundsAdmin.title')}
        value={form.title}
        maxLength={160}
        errors={err('title')}
        onChange={(event) => set({ title: event.target.value })}
      />
      <fieldset className="ra-fieldset">
        <legend>{t('roundsAdmin.areas')}</legend>
        <div className="ra-checks">
          {choices?.areas.map((area) => (
            <label key={area.id} className="ra-check">
              <input
                type="checkbox"
                checked={form.area_ids.includes(area.id)}
                onChange={(event) =>
                  set({
                    area_ids: event.target.checked
                      ? [...form.area_ids, area.id]
                      : form.area_ids.filter((a) => a !== area.id),
                  })
                }
              />
              {area.name}
            </label>
          ))}
        </div>
        {err('area_ids')?.map((text) => (
          <p key={text} className="field-error">
            {text}
          </p>
        ))}
      </fieldset>
      <div className="ra-row">
        <SelectField
          label={t('roundsAdmin.category')}
          value={form.category_id}
          onChange={(value) => set({ category_id: value })}
          options={(choices?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
        >
          <option value="">{t('roundsAdmin.none')}</option>
        </SelectField>
        <SelectField
          label={t('roundsAdmin.workType')}
          value={form.work_type}
          onChange={(value) => set({ work_type: WORK_TYPES.find((w) => w === value) ?? '' })}
          options={WORK_TYPES.map((w) => ({ value: w, label: t(workTypeKey(w)) }))}
        >
          <option value="">{t('roundsAdmin.none')}</option>
        </SelectField>
      </div>

      <fieldset className="ra-fieldset">
        <legend>{t('roundsAdmin.checklist')}</legend>
        <ol className="ra-items">
          {form.items.map((item, index) => (
            <li key={item.id} className="ra-item" data-testid={`editor-item-${index}`}>
              <TextField
                label={t('roundsAdmin.itemLabel', { n: index + 1 })}
                value={item.label}
                maxLength={200}
                errors={err(`items.${index}.label`)}
                onChange={(event) => setItem(index, { label: event.target.value })}
              />
              <div className="ra-row">
                <SelectField
                  label={t('roundsAdmin.itemKind')}
                  value={item.kind}
                  onChange={(value) => {
                    const kind = ROUND_ITEM_KINDS.find((k) => k === value) ?? 'pass_fail_na';
                    setItem(index, {
                      kind,
                      photo:
                        kind !== 'pass_fail_na' && item.photo === 'on_fail' ? 'none' : item.photo,
                    });
                  }}
                  options={ROUND_ITEM_KINDS.map((k) => ({
                    value: k,
                    label: t(`roundsAdmin.kinds.${k}`),
                  }))}
                />
                {item.kind === 'number' && (
                  <TextField
                    label={t('roundsAdmin.unit')}
                    value={item.unit}
                    maxLength={30}
                    onChange={(event) => setItem(index, { unit: event.target.value })}
                  />
                )}
                <SelectField
                  label={t('roundsAdmin.photoRule')}
                  value={item.photo}
                  errors={err(`items.${index}.photo`)}
                  onChange={(value) =>
                    setItem(index, { photo: ROUND_PHOTO_RULES.find((p) => p === value) ?? 'none' })
                  }
                  options={ROUND_PHOTO_RULES.filter(
                    (p) => p !== 'on_fail' || item.kind === 'pass_fail_na',
                  ).map((p) => ({ value: p, label: t(`roundsAdmin.photoRules.${p}`) }))}
                />
              </div>
              <div className="ra-item-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={index === 0}
                  aria-label={`${t('roundsAdmin.moveUp')}: ${index + 1}`}
                  onClick={() => set({ items: moveItem(form.items, index, -1) })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={index === form.items.length - 1}
                  aria-label={`${t('roundsAdmin.moveDown')}: ${index + 1}`}
                  onClick={() => set({ items: moveItem(form.items, index, 1) })}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={form.items.length === 1}
                  onClick={() => set({ items: form.items.filter((_, i) => i !== index) })}
                >
                  {t('roundsAdmin.removeItem')}
                </button>
              </div>
            </li>
          ))}
        </ol>
        {err('items')?.map((text) => (
          <p key={text} className="field-error">
            {text}
          </p>
        ))}
        <button
          type="button"
          className="button button-secondary"
          disabled={form.items.length >= 50}
          onClick={() => set({ items: [...form.items, emptyItem()] })}
        >
          {t('roundsAdmin.addItem')}
        </button>
      </fieldset>

      <fieldset className="ra-fieldset">
        <legend>{t('roundsAdmin.assignee')}</legend>
        <div className="ra-checks">
          {(['role', 'user'] as const).map((kind) => (
            <label key={kind} className="ra-check">
              <input
                type="radio"
                name="assignee"
                checked={form.assignee === kind}
                onChange={() => set({ assignee: kind })}
              />
              {kind === 'user' ? t('roundsAdmin.assigneePerson') : t('roundsAdmin.assigneeRole')}
            </label>
          ))}
        </div>
        {form.assignee === 'user' ? (
          <SelectField
            label={t('roundsAdmin.person')}
            value={form.assignee_user_id}
            errors={err('assignee_user_id')}
            onChange={(value) => set({ assignee_user_id: value })}
            options={(staff ?? []).map((u) => ({
              value: u.id,
              label: `${u.name} (${roleText(u.role)})`,
            }))}
          >
            <option value="">{t('roundsAdmin.choose')}</option>
          </SelectField>
        ) : (
          <SelectField
            label={t('roundsAdmin.role')}
            value={form.assignee_role}
            errors={err('assignee_user_id') ?? err('assignee_role')}
            onChange={(value) => set({ assignee_role: STAFF_ROLES.find((r) => r === value) ?? '' })}
            options={STAFF_ROLES.map((r) => ({ value: r, label: roleText(r) }))}
          >
            <option value="">{t('roundsAdmin.choose')}</option>
          </SelectField>
        )}
      </fieldset>

      <fieldset className="ra-fieldset">
        <legend>{t('roundsAdmin.schedule')}</legend>
        <SelectField
          label={t('roundsAdmin.schedule')}
          value={form.schedule}
          onChange={(value) =>
            set({ schedule: ROUND_SCHEDULE_KINDS.find((k) => k === value) ?? 'daily' })
          }
          options={ROUND_SCHEDULE_KINDS.map((k) => ({
            value: k,
            label: t(`roundsAdmin.scheduleKinds.${k}`),
          }))}
        />
        {nShown && (
          <TextField
            label={t('roundsAdmin.n')}
            inputMode="numeric"
            value={form.n}
            errors={err('schedule.n')}
            onChange={(event) => set({ n: event.target.value })}
          />
        )}
        {form.schedule === 'day_of_month' && (
          <TextField
            label={t('roundsAdmin.dayOfMonth')}
            inputMode="numeric"
            value={form.day}
            errors={err('schedule.day')}
            onChange={(event) => set({ day: event.target.value })}
          />
        )}
        {weekdaysShown && (
          <div className="ra-checks" role="group" aria-label={t('roundsAdmin.weekdays')}>
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <label key={d} className="ra-check ra-day">
                <input
                  type="checkbox"
                  checked={form.weekdays.includes(d)}
                  onChange={(event) =>
                    set({
                      weekdays: event.target.checked
                        ? [...form.weekdays, d].sort()
                        : form.weekdays.filter((w) => w !== d),
                    })
                  }
                />
                {t(`roundsAdmin.weekdayNames.${d}`)}
              </label>
            ))}
            {err('schedule.weekdays')?.map((text) => (
              <p key={text} className="field-error">
                {text}
              </p>
            ))}
          </div>
        )}
        <div className="ra-row">
          <TextField
            label={t('roundsAdmin.startDate')}
            type="date"
            value={form.start_date}
            errors={err('start_date')}
            onChange={(event) => set({ start_date: event.target.value })}
          />
          <TextField
            label={t('roundsAdmin.endDate')}
            type="date"
            value={form.end_date}
            errors={err('end_date')}
            onChange={(event) => set({ end_date: event.target.value })}
          />
          <TextField
            label={t('roundsAdmin.dueTime')}
            type="time"
            value={form.due_time}
            errors={err('due_time')}
            onChange={(event) => set({ due_time: event.target.value })}
          />
        </div>
      </fieldset>
      <div className="ra-actions">
        <button type="submit" className="button button-primary" disabled={busy || !online}>
          {t('roundsAdmin.save')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onDone(false)}>
          {t('roundsAdmin.cancel')}
        </button>
      </div>
    </form>
  );
}
