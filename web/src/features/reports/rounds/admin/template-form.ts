import {
  newId,
  type RoundItemKind,
  type RoundPhotoRule,
  type RoundScheduleKind,
  type RoundTemplate,
  type RoundTemplateInput,
  type WorkType,
} from '@urs/sync-protocol';

/*
 * The admin's template editor as plain values (strings for the inputs), and the request body
 * it makes. The server's schema (roundTemplateInputSchema) judges the body, here first.
 */

export interface ItemForm {
  /** Stable across versions (decision 030): a new item's is made here, once. */
  id: string;
  label: string;
  kind: RoundItemKind;
  unit: string;
  photo: RoundPhotoRule;
}

export interface TemplateForm {
  title: string;
  area_ids: string[];
  category_id: string;
  work_type: WorkType | '';
  items: ItemForm[];
  assignee: 'user' | 'role';
  assignee_user_id: string;
  assignee_role: NonNullable<RoundTemplate['assignee_role']> | '';
  schedule: RoundScheduleKind;
  weekdays: number[];
  n: string;
  day: string;
  start_date: string;
  end_date: string;
  due_time: string;
}

/** A short, stable item id (the schema allows letters, digits and `_.:-`). */
export const newItemId = () => `i-${newId().slice(-12)}`;

export const emptyItem = (): ItemForm => ({
  id: newItemId(),
  label: '',
  kind: 'pass_fail_na',
  unit: '',
  photo: 'none',
});

export function emptyTemplateForm(today: string): TemplateForm {
  return {
    title: '',
    area_ids: [],
    category_id: '',
    work_type: '',
    items: [emptyItem()],
    assignee: 'role',
    assignee_user_id: '',
    assignee_role: '',
    schedule: 'daily',
    weekdays: [1, 3, 5],
    n: '7',
    day: '1',
    start_date: today,
    end_date: '',
    due_time: '',
  };
}

export function formOfTemplate(template: RoundTemplate): TemplateForm {
  const s = template.schedule;
  return {
    title: template.title,
    area_ids: [...template.area_ids],
    category_id: template.category_id ?? '',
    work_type: template.work_type ?? '',
    items: template.items.map((item) => ({ ...item, unit: item.unit ?? '' })),
    assignee: template.assignee_user_id === null ? 'role' : 'user',
    assignee_user_id: template.assignee_user_id ?? '',
    assignee_role: template.assignee_role ?? '',
    schedule: s.kind,
    weekdays: 'weekdays' in s ? [...s.weekdays] : [1, 3, 5],
    n: 'n' in s ? String(s.n) : '7',
    day: s.kind === 'day_of_month' ? String(s.day) : '1',
    start_date: template.start_date,
    end_date: template.end_date ?? '',
    due_time: template.due_time ?? '',
  };
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The request body of the form: what `POST`/`PUT /api/rounds/templates` take. */
export function templateInput(form: TemplateForm): RoundTemplateInput {
  const n = numberOf(form.n);
  const schedule: RoundTemplateInput['schedule'] =
    form.schedule === 'daily'
      ? { kind: 'daily' }
      : form.schedule === 'weekdays'
        ? { kind: 'weekdays', weekdays: form.weekdays }
        : form.schedule === 'every_n_weeks'
          ? { kind: 'every_n_weeks', n, weekdays: form.weekdays }
          : form.schedule === 'day_of_month'
            ? { kind: 'day_of_month', day: numberOf(form.day) }
            : { kind: form.schedule, n };
  return {
    title: form.title,
    area_ids: form.area_ids,
    category_id: form.category_id === '' ? null : form.category_id,
    work_type: form.work_type === '' ? null : form.work_type,
    items: form.items.map((item) => ({
      id: item.id,
      label: item.label,
      kind: item.kind,
      unit: item.kind === 'number' && item.unit.trim() !== '' ? item.unit : null,
      photo: item.photo,
    })),
    assignee_user_id:
      form.assignee === 'user' && form.assignee_user_id !== '' ? form.assignee_user_id : null,
    assignee_role:
      form.assignee === 'role' && form.assignee_role !== '' ? form.assignee_role : null,
    schedule,
    start_date: form.start_date,
    end_date: form.end_date === '' ? null : form.end_date,
    due_time: form.due_time === '' ? null : form.due_time,
  };
}

/** Moves item `index` by `by` places (up -1, down +1); out of bounds changes nothing. */
export function moveItem(items: readonly ItemForm[], index: number, by: -1 | 1): ItemForm[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const out = [...items];
  const [moved] = out.splice(index, 1);
  if (moved !== undefined) out.splice(to, 0, moved);
  return out;
}
