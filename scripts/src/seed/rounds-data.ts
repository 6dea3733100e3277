import type { RoundItem, RoundTemplateDefinition, Role, WorkType } from '@urs/sync-protocol';
import type { AreaSeed, PersonEmail } from './data.js';

/*
 * The demo school's rounds (issue 41, decision 030): the routine work of its custodians,
 * gardeners and technicians, as an admin would set it up six months ago. Each round has how
 * often it is done on time, late or not at all, so the compliance screen has a history to show.
 */

/** Toilets of the other three buildings (building A's is the areas' "Toilet Lantai 1"). */
export const ROUND_AREAS = [
  {
    name: 'Toilet Gedung B',
    description: 'Toilet putra dan putri gedung B, di samping Laboratorium Kimia.',
    scene: 'washroom',
    inactiveSinceDays: null,
  },
  {
    name: 'Toilet Gedung C',
    description: 'Toilet siswa gedung C, di belakang perpustakaan.',
    scene: 'washroom',
    inactiveSinceDays: null,
  },
  {
    name: 'Toilet Gedung D',
    description: 'Toilet dan kamar ganti gedung D, dekat aula dan lapangan basket.',
    scene: 'washroom',
    inactiveSinceDays: null,
  },
] as const satisfies readonly AreaSeed[];

type Item = Omit<RoundItem, 'unit'> & { unit?: string };

/** Who does a round: one person, or anyone of a role. */
export type RoundAssignee = { person: PersonEmail } | { role: Role };

/** How a round's occurrences went, in shares: on time, late, never done. */
export interface RoundOutcomes {
  onTime: number;
  late: number;
  missed: number;
}

export interface RoundSeed {
  title: string;
  areas: readonly string[];
  category: string;
  workType: WorkType;
  items: readonly Item[];
  schedule: RoundTemplateDefinition['schedule'];
  dueTime: string | null;
  assignee: RoundAssignee;
  /** A later version handing the round to someone else, from `daysAgo` (one who stopped working). */
  handOver?: { daysAgo: number; assignee: RoundAssignee };
  outcomes: RoundOutcomes;
  /** Answers that go wrong now and then: the item, how often, and the note written. */
  faults: readonly { item: string; chance: number; note: string }[];
}

const MON_TO_SAT = [1, 2, 3, 4, 5, 6];

const toiletItems: readonly Item[] = [
  { id: 'lantai', label: 'Lantai dipel dan kering', kind: 'pass_fail_na', photo: 'none' },
  { id: 'kloset', label: 'Kloset dan urinoir disikat', kind: 'pass_fail_na', photo: 'none' },
  { id: 'wastafel', label: 'Wastafel dan cermin dilap', kind: 'pass_fail_na', photo: 'none' },
  { id: 'sabun', label: 'Sabun cuci tangan diisi ulang', kind: 'pass_fail_na', photo: 'none' },
  { id: 'sampah', label: 'Tempat sampah dikosongkan', kind: 'pass_fail_na', photo: 'none' },
  { id: 'air', label: 'Keran dan bak air berfungsi', kind: 'pass_fail_na', photo: 'none' },
];

const toiletFaults = [
  { item: 'sabun', chance: 0.05, note: 'Stok sabun habis, sudah minta ke gudang.' },
  { item: 'air', chance: 0.03, note: 'Keran wastafel kiri menetes.' },
];

function toilet(
  building: string,
  area: string,
  assignee: RoundAssignee,
  outcomes: RoundOutcomes,
): RoundSeed {
  return {
    title: `Kebersihan toilet gedung ${building}`,
    areas: [area],
    category: 'Kebersihan',
    workType: 'cleaning',
    items: toiletItems,
    schedule: { kind: 'weekdays', weekdays: MON_TO_SAT },
    dueTime: '09:00',
    assignee,
    outcomes,
    faults: toiletFaults,
  };
}

/** Fire extinguishers checked on the first of the month: gauge and weight per unit. */
const EXTINGUISHERS = [
  ['apar01', 'APAR-01 Gedung A lantai 1'],
  ['apar02', 'APAR-02 Laboratorium Kimia'],
  ['apar03', 'APAR-03 Perpustakaan'],
  ['apar04', 'APAR-04 Kantin'],
  ['apar05', 'APAR-05 Aula'],
] as const;

/** The gross weight of a 6 kg powder extinguisher, kg: below 8.8 it has lost charge. */
export const EXTINGUISHER_WEIGHT_KG = { min: 9.0, max: 9.4, leaking: 8.5 } as const;

export const ROUNDS: readonly RoundSeed[] = [
  toilet(
    'A',
    'Toilet Lantai 1',
    { person: 'siti.aminah@urs.sch.id' },
    {
      onTime: 88,
      late: 8,
      missed: 4,
    },
  ),
  toilet(
    'B',
    'Toilet Gedung B',
    { person: 'joko.susilo@urs.sch.id' },
    {
      onTime: 82,
      late: 11,
      missed: 7,
    },
  ),
  toilet('C', 'Toilet Gedung C', { role: 'custodian' }, { onTime: 78, late: 12, missed: 10 }),
  {
    ...toilet(
      'D',
      'Toilet Gedung D',
      { person: 'agus.setiawan@urs.sch.id' },
      {
        onTime: 75,
        late: 13,
        missed: 12,
      },
    ),
    // Agus stopped coming: the admin gave building D to every custodian.
    handOver: { daysAgo: 41, assignee: { role: 'custodian' } },
  },
  {
    title: 'Penyiraman taman depan',
    areas: ['Taman Depan'],
    category: 'Pertamanan',
    workType: 'maintenance',
    items: [
      { id: 'bedeng', label: 'Bedeng bunga disiram', kind: 'pass_fail_na', photo: 'none' },
      { id: 'pagar', label: 'Pagar tanaman disiram', kind: 'pass_fail_na', photo: 'none' },
      { id: 'pot', label: 'Tanaman pot di teras disiram', kind: 'pass_fail_na', photo: 'none' },
      {
        id: 'selang',
        label: 'Selang digulung dan keran ditutup',
        kind: 'pass_fail_na',
        photo: 'none',
      },
      { id: 'catatan', label: 'Catatan kondisi tanaman', kind: 'text', photo: 'none' },
    ],
    schedule: { kind: 'weekdays', weekdays: [1, 3, 5] },
    dueTime: '08:00',
    assignee: { role: 'gardener' },
    outcomes: { onTime: 84, late: 10, missed: 6 },
    faults: [{ item: 'selang', chance: 0.04, note: 'Sambungan selang bocor, perlu diganti.' }],
  },
  {
    title: 'Pemeriksaan APAR bulanan',
    areas: ['Toilet Lantai 1', 'Laboratorium Kimia', 'Perpustakaan', 'Kantin', 'Aula'],
    category: 'Keamanan',
    workType: 'inspection',
    items: [
      ...EXTINGUISHERS.flatMap(([id, unit]): Item[] => [
        {
          id: `${id}-tekanan`,
          label: `${unit}: jarum tekanan di hijau`,
          kind: 'pass_fail_na',
          photo: 'none',
        },
        {
          id: `${id}-berat`,
          label: `${unit}: berat tabung`,
          kind: 'number',
          unit: 'kg',
          photo: 'none',
        },
      ]),
      {
        id: 'kartu',
        label: 'Kartu pemeriksaan ditandatangani',
        kind: 'pass_fail_na',
        photo: 'none',
      },
    ],
    schedule: { kind: 'day_of_month', day: 1 },
    dueTime: null,
    assignee: { person: 'dedi.kurniawan@urs.sch.id' },
    outcomes: { onTime: 60, late: 30, missed: 10 },
    faults: [
      {
        item: 'apar04-tekanan',
        chance: 0.35,
        note: 'Jarum di zona merah, tabung perlu diisi ulang.',
      },
    ],
  },
  {
    title: 'Pembersihan filter AC',
    areas: ['Ruang Kelas X-1', 'Laboratorium Kimia', 'Perpustakaan', 'Ruang Guru'],
    category: 'Kelistrikan',
    workType: 'maintenance',
    items: [
      {
        id: 'kelas',
        label: 'Filter AC Ruang Kelas X-1 dicuci',
        kind: 'pass_fail_na',
        photo: 'none',
      },
      {
        id: 'lab',
        label: 'Filter AC Laboratorium Kimia dicuci',
        kind: 'pass_fail_na',
        photo: 'none',
      },
      { id: 'perpus', label: 'Filter AC Perpustakaan dicuci', kind: 'pass_fail_na', photo: 'none' },
      { id: 'guru', label: 'Filter AC Ruang Guru dicuci', kind: 'pass_fail_na', photo: 'none' },
      {
        id: 'suhu',
        label: 'Suhu udara keluar AC Ruang Guru',
        kind: 'number',
        unit: '°C',
        photo: 'none',
      },
    ],
    schedule: { kind: 'after_completion', n: 90 },
    dueTime: null,
    assignee: { person: 'hendra.wijaya@urs.sch.id' },
    outcomes: { onTime: 50, late: 50, missed: 0 },
    faults: [{ item: 'lab', chance: 0.3, note: 'Filter sobek, perlu filter pengganti.' }],
  },
];
