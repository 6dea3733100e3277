import type { Language, Role, STAFF_ROLES, Theme } from '@urs/sync-protocol';

/* The fixed cast and places of the demo school, SMA Harapan Nusantara. */

export type StaffRole = (typeof STAFF_ROLES)[number];

export const ADMIN_PASSWORD = 'admin12345';
export const STAFF_PASSWORD = 'staf12345';

export interface PersonSeed {
  role: Role;
  name: string;
  email: string;
  phone: string;
  theme: Theme;
  language: Language;
  /** Days since the person last used the app: analytics needs some inactive staff to show. */
  idleDays: number;
}

export const PEOPLE = [
  {
    role: 'admin',
    name: 'Rahmat Hidayat',
    email: 'admin@urs.sch.id',
    phone: '081210450001',
    theme: 'dark',
    language: 'id',
    idleDays: 0,
  },
  {
    role: 'custodian',
    name: 'Siti Aminah',
    email: 'siti.aminah@urs.sch.id',
    phone: '081310450102',
    theme: 'light',
    language: 'id',
    idleDays: 0,
  },
  {
    role: 'custodian',
    name: 'Joko Susilo',
    email: 'joko.susilo@urs.sch.id',
    phone: '085710450103',
    theme: 'dark',
    language: 'id',
    idleDays: 0,
  },
  {
    role: 'custodian',
    name: 'Agus Setiawan',
    email: 'agus.setiawan@urs.sch.id',
    phone: '087810450104',
    theme: 'dark',
    language: 'id',
    idleDays: 41,
  },
  {
    role: 'technician',
    name: 'Bambang Prasetyo',
    email: 'bambang.prasetyo@urs.sch.id',
    phone: '081210450205',
    theme: 'dark',
    language: 'id',
    idleDays: 0,
  },
  {
    role: 'technician',
    name: 'Hendra Wijaya',
    email: 'hendra.wijaya@urs.sch.id',
    phone: '082110450206',
    theme: 'light',
    language: 'en',
    idleDays: 0,
  },
  {
    role: 'technician',
    name: 'Dedi Kurniawan',
    email: 'dedi.kurniawan@urs.sch.id',
    phone: '081910450207',
    theme: 'dark',
    language: 'id',
    idleDays: 0,
  },
  {
    role: 'gardener',
    name: 'Slamet Riyadi',
    email: 'slamet.riyadi@urs.sch.id',
    phone: '085210450308',
    theme: 'cream',
    language: 'id',
    idleDays: 0,
  },
  {
    role: 'gardener',
    name: 'I Wayan Sudarma',
    email: 'wayan.sudarma@urs.sch.id',
    phone: '081310450309',
    theme: 'dark',
    language: 'id',
    idleDays: 0,
  },
  {
    role: 'inventory_staff',
    name: 'Rina Marlina',
    email: 'rina.marlina@urs.sch.id',
    phone: '081210450410',
    theme: 'cream',
    language: 'id',
    idleDays: 0,
  },
  {
    role: 'inventory_staff',
    name: 'Fitri Handayani',
    email: 'fitri.handayani@urs.sch.id',
    phone: '089610450411',
    theme: 'dark',
    language: 'id',
    idleDays: 34,
  },
] as const satisfies readonly PersonSeed[];

export type PersonEmail = (typeof PEOPLE)[number]['email'];

export const SCENES = [
  'classroom',
  'lab',
  'library',
  'canteen',
  'court',
  'parking',
  'garden',
  'washroom',
  'hall',
] as const;
export type Scene = (typeof SCENES)[number];

export interface AreaSeed {
  name: string;
  description: string;
  /** Which generated photo set pictures this place. */
  scene: Scene;
  /** Days since the area was switched off; null while it is in use. */
  inactiveSinceDays: number | null;
}

export const AREAS = [
  {
    name: 'Ruang Kelas X-1',
    description: 'Ruang kelas lantai 2 gedung A, kapasitas 36 siswa, dilengkapi AC dan proyektor.',
    scene: 'classroom',
    inactiveSinceDays: null,
  },
  {
    name: 'Laboratorium Kimia',
    description: 'Lab praktikum lantai 1 gedung B dengan lemari asam dan 8 meja praktikum.',
    scene: 'lab',
    inactiveSinceDays: null,
  },
  {
    name: 'Perpustakaan',
    description: 'Perpustakaan sekolah di gedung C, ruang baca dan rak koleksi.',
    scene: 'library',
    inactiveSinceDays: null,
  },
  {
    name: 'Kantin',
    description: 'Kantin sekolah dengan 6 kios, area makan dan tempat cuci piring.',
    scene: 'canteen',
    inactiveSinceDays: null,
  },
  {
    name: 'Lapangan Basket',
    description: 'Lapangan basket outdoor di belakang gedung A, juga dipakai untuk upacara.',
    scene: 'court',
    inactiveSinceDays: null,
  },
  {
    name: 'Taman Depan',
    description: 'Taman dan halaman depan sekolah, termasuk bedeng bunga dan pagar tanaman.',
    scene: 'garden',
    inactiveSinceDays: null,
  },
  {
    name: 'Toilet Lantai 1',
    description: 'Toilet putra dan putri lantai 1 gedung A.',
    scene: 'washroom',
    inactiveSinceDays: null,
  },
  {
    name: 'Aula',
    description: 'Aula serbaguna untuk rapat, pentas seni dan wisuda, kapasitas 400 orang.',
    scene: 'hall',
    inactiveSinceDays: null,
  },
  {
    name: 'Ruang Guru',
    description: 'Ruang kerja guru di lantai 1 gedung utama.',
    scene: 'classroom',
    inactiveSinceDays: null,
  },
  {
    name: 'Musholla',
    description: 'Musholla Al-Ikhlas beserta tempat wudhu putra dan putri.',
    scene: 'hall',
    inactiveSinceDays: null,
  },
  {
    name: 'Parkiran',
    description: 'Parkiran motor siswa dan mobil guru di sisi barat sekolah.',
    scene: 'parking',
    inactiveSinceDays: null,
  },
  {
    name: 'UKS',
    description: 'Unit Kesehatan Sekolah: dua tempat tidur, lemari obat dan wastafel.',
    scene: 'lab',
    inactiveSinceDays: null,
  },
  {
    name: 'Gudang Lama',
    description: 'Gudang di belakang gedung C; dikosongkan untuk renovasi.',
    scene: 'hall',
    inactiveSinceDays: 52,
  },
  {
    name: 'Kolam Ikan',
    description: 'Kolam ikan di samping taman depan; dikeringkan untuk perbaikan dinding.',
    scene: 'garden',
    inactiveSinceDays: 75,
  },
] as const satisfies readonly AreaSeed[];

export type AreaName = (typeof AREAS)[number]['name'];

export const CATEGORIES = [
  { name: 'Kebersihan', description: 'Sampah, noda, lantai kotor, bau tidak sedap.' },
  { name: 'Kelistrikan', description: 'Lampu, stop kontak, kabel, AC dan kipas angin.' },
  { name: 'Perpipaan', description: 'Keran, wastafel, kloset, saluran air dan kebocoran.' },
  { name: 'Pertamanan', description: 'Rumput, tanaman, pohon, pupuk dan penyiraman.' },
  { name: 'Furnitur', description: 'Meja, kursi, lemari, rak dan pintu.' },
  { name: 'Keamanan', description: 'APAR, penerangan, kunci, pagar dan potensi bahaya.' },
  { name: 'Bangunan', description: 'Dinding, plafon, atap, cat dan lantai.' },
] as const;

export type CategoryName = (typeof CATEGORIES)[number]['name'];

/**
 * The other schools of the demo district (`SEED_SCHOOLS` > 1), in order from school 2. Past the
 * list, names repeat with a number ("… 2"), so any count stays unique (schools_name_uq).
 */
export const DISTRICT_SCHOOL_NAMES = [
  'SMP Negeri 2 Sukamaju',
  'SD Negeri Cempaka Putih',
  'SMK Negeri 1 Karya Bakti',
  'SMA Negeri 4 Merdeka',
  'SD Negeri Tunas Bangsa',
  'SMP Negeri 7 Bhinneka',
  'SMA Negeri 1 Tanjung Harapan',
  'SD Negeri Mekar Sari',
  'SMK Negeri 3 Nusa Indah',
  'SMP Negeri 5 Pelita Jaya',
] as const;
