import type { RequestStatus } from '@urs/sync-protocol';
import type { AreaName, PersonEmail, StaffRole } from './data.js';

/* The store room: what it holds, who uses it where, and what staff have asked for. */

export const UNITS = ['pcs', 'liter', 'botol', 'kg', 'roll', 'pak'] as const;
export type Unit = (typeof UNITS)[number];

export type SupplyGroup = 'cleaning' | 'garden' | 'electrical' | 'plumbing' | 'hardware';

/** ok: kept above its minimum; low: left below it for the low-stock view; untracked: an asset. */
export type ItemState = 'ok' | 'low' | 'inactive' | 'untracked';

export interface ItemSeed {
  name: string;
  sku: string | null;
  unit: Unit;
  minStock: number;
  group: SupplyGroup;
  /** Typical consumption per month, which drives the generated transactions. */
  monthlyUse: number;
  description?: string;
  /** Defaults to 'ok'. */
  state?: ItemState;
}

export const ITEMS: readonly ItemSeed[] = [
  {
    name: 'Sabun Cuci Tangan Cair 500 ml',
    sku: 'KBR-001',
    unit: 'botol',
    minStock: 10,
    group: 'cleaning',
    monthlyUse: 14,
    description: 'Isi ulang dispenser wastafel toilet dan kantin.',
    state: 'low',
  },
  {
    name: 'Pembersih Lantai Wangi 1 L',
    sku: 'KBR-002',
    unit: 'botol',
    minStock: 12,
    group: 'cleaning',
    monthlyUse: 16,
  },
  {
    name: 'Cairan Pembersih Kaca',
    sku: 'KBR-003',
    unit: 'botol',
    minStock: 6,
    group: 'cleaning',
    monthlyUse: 5,
  },
  {
    name: 'Karbol Sereh 800 ml',
    sku: 'KBR-004',
    unit: 'botol',
    minStock: 8,
    group: 'cleaning',
    monthlyUse: 9,
  },
  {
    name: 'Pembersih Kloset',
    sku: 'KBR-005',
    unit: 'botol',
    minStock: 8,
    group: 'cleaning',
    monthlyUse: 8,
  },
  {
    name: 'Tisu Gulung',
    sku: 'KBR-006',
    unit: 'roll',
    minStock: 48,
    group: 'cleaning',
    monthlyUse: 60,
    description: 'Tisu toilet untuk semua toilet gedung A dan B.',
    state: 'low',
  },
  {
    name: 'Kantong Sampah Hitam Besar',
    sku: 'KBR-007',
    unit: 'pak',
    minStock: 10,
    group: 'cleaning',
    monthlyUse: 12,
    description: 'Ukuran 90 x 120 cm, isi 10 lembar per pak.',
    state: 'low',
  },
  {
    name: 'Sapu Ijuk',
    sku: 'KBR-008',
    unit: 'pcs',
    minStock: 5,
    group: 'cleaning',
    monthlyUse: 2,
  },
  {
    name: 'Alat Pel Putar (Spin Mop)',
    sku: 'KBR-009',
    unit: 'pcs',
    minStock: 3,
    group: 'cleaning',
    monthlyUse: 1,
  },
  {
    name: 'Kain Lap Microfiber',
    sku: 'KBR-010',
    unit: 'pcs',
    minStock: 20,
    group: 'cleaning',
    monthlyUse: 12,
  },
  {
    name: 'Sikat WC',
    sku: 'KBR-011',
    unit: 'pcs',
    minStock: 4,
    group: 'cleaning',
    monthlyUse: 2,
  },
  {
    name: 'Sarung Tangan Karet',
    sku: 'KBR-012',
    unit: 'pak',
    minStock: 5,
    group: 'cleaning',
    monthlyUse: 4,
    description: 'Isi 12 pasang, ukuran M dan L.',
  },
  {
    name: 'Deterjen Bubuk',
    sku: 'KBR-013',
    unit: 'kg',
    minStock: 5,
    group: 'cleaning',
    monthlyUse: 6,
    description: 'Untuk mencuci lap, kain pel dan sprei UKS.',
  },
  {
    name: 'Pewangi Ruangan Semprot',
    sku: 'KBR-014',
    unit: 'botol',
    minStock: 6,
    group: 'cleaning',
    monthlyUse: 5,
  },
  {
    name: 'Cairan Disinfektan',
    sku: 'KBR-015',
    unit: 'liter',
    minStock: 10,
    group: 'cleaning',
    monthlyUse: 10,
    description: 'Konsentrat, diencerkan 1:50 sebelum dipakai.',
  },
  {
    name: 'Kemoceng',
    sku: null,
    unit: 'pcs',
    minStock: 3,
    group: 'cleaning',
    monthlyUse: 1,
  },
  {
    name: 'Pengki Plastik',
    sku: null,
    unit: 'pcs',
    minStock: 3,
    group: 'cleaning',
    monthlyUse: 1,
  },
  {
    name: 'Pupuk NPK 16-16-16',
    sku: 'TMN-001',
    unit: 'kg',
    minStock: 10,
    group: 'garden',
    monthlyUse: 8,
    state: 'low',
  },
  {
    name: 'Pupuk Kompos Organik',
    sku: 'TMN-002',
    unit: 'kg',
    minStock: 20,
    group: 'garden',
    monthlyUse: 18,
    description: 'Dari bank sampah sekolah dan pemasok lokal.',
  },
  {
    name: 'Bibit Bunga Bougenville',
    sku: 'TMN-003',
    unit: 'pcs',
    minStock: 5,
    group: 'garden',
    monthlyUse: 3,
  },
  {
    name: 'Tali Senar Mesin Potong Rumput',
    sku: 'TMN-004',
    unit: 'roll',
    minStock: 2,
    group: 'garden',
    monthlyUse: 1,
    description: 'Senar 2,4 mm, panjang 15 m per roll.',
  },
  {
    name: 'Bensin Mesin Potong Rumput',
    sku: 'TMN-005',
    unit: 'liter',
    minStock: 10,
    group: 'garden',
    monthlyUse: 12,
    description: 'Disimpan di jeriken gudang taman, jauh dari sumber api.',
  },
  {
    name: 'Selang Air 1/2 inci 20 m',
    sku: 'TMN-006',
    unit: 'roll',
    minStock: 1,
    group: 'garden',
    monthlyUse: 1,
  },
  {
    name: 'Pestisida Nabati',
    sku: 'TMN-007',
    unit: 'botol',
    minStock: 3,
    group: 'garden',
    monthlyUse: 2,
  },
  {
    name: 'Polybag Ukuran 30',
    sku: 'TMN-008',
    unit: 'pak',
    minStock: 4,
    group: 'garden',
    monthlyUse: 2,
  },
  {
    name: 'Gunting Pangkas',
    sku: null,
    unit: 'pcs',
    minStock: 2,
    group: 'garden',
    monthlyUse: 1,
  },
  {
    name: 'Lampu LED 12 W',
    sku: 'LST-001',
    unit: 'pcs',
    minStock: 15,
    group: 'electrical',
    monthlyUse: 8,
    description: 'Fitting E27, cahaya putih.',
  },
  {
    name: 'Lampu TL LED 18 W',
    sku: 'LST-002',
    unit: 'pcs',
    minStock: 10,
    group: 'electrical',
    monthlyUse: 6,
    description: 'Pengganti lampu TL 36 W di ruang kelas.',
    state: 'low',
  },
  {
    name: 'Stop Kontak 4 Lubang',
    sku: 'LST-003',
    unit: 'pcs',
    minStock: 4,
    group: 'electrical',
    monthlyUse: 2,
  },
  {
    name: 'Kabel NYM 2 x 1,5 mm',
    sku: 'LST-004',
    unit: 'roll',
    minStock: 1,
    group: 'electrical',
    monthlyUse: 1,
    description: 'Satu roll 50 m.',
  },
  {
    name: 'Isolasi Listrik',
    sku: 'LST-005',
    unit: 'roll',
    minStock: 10,
    group: 'electrical',
    monthlyUse: 6,
  },
  {
    name: 'Saklar Tunggal',
    sku: 'LST-006',
    unit: 'pcs',
    minStock: 5,
    group: 'electrical',
    monthlyUse: 2,
  },
  {
    name: 'Baterai AA',
    sku: 'LST-007',
    unit: 'pak',
    minStock: 6,
    group: 'electrical',
    monthlyUse: 4,
    description: 'Isi 4, untuk remote AC, jam dinding dan mikrofon aula.',
    state: 'low',
  },
  {
    name: 'Fitting Lampu E27',
    sku: 'LST-008',
    unit: 'pcs',
    minStock: 5,
    group: 'electrical',
    monthlyUse: 2,
  },
  {
    name: 'Keran Air 1/2 inci',
    sku: 'PPA-001',
    unit: 'pcs',
    minStock: 4,
    group: 'plumbing',
    monthlyUse: 2,
  },
  {
    name: 'Seal Tape',
    sku: 'PPA-002',
    unit: 'roll',
    minStock: 10,
    group: 'plumbing',
    monthlyUse: 5,
    state: 'low',
  },
  {
    name: 'Lem Pipa PVC',
    sku: 'PPA-003',
    unit: 'botol',
    minStock: 3,
    group: 'plumbing',
    monthlyUse: 1,
  },
  {
    name: 'Pipa PVC 1/2 inci 4 m',
    sku: 'PPA-004',
    unit: 'pcs',
    minStock: 4,
    group: 'plumbing',
    monthlyUse: 2,
  },
  {
    name: 'Sekrup Kayu Campur',
    sku: 'ALT-001',
    unit: 'pak',
    minStock: 3,
    group: 'hardware',
    monthlyUse: 1,
    description: 'Berbagai ukuran, untuk perbaikan meja dan kursi.',
  },
  {
    name: 'Lem Kayu',
    sku: 'ALT-002',
    unit: 'botol',
    minStock: 2,
    group: 'hardware',
    monthlyUse: 1,
  },
  {
    name: 'Tangga Lipat Aluminium 2 m',
    sku: 'ALT-101',
    unit: 'pcs',
    minStock: 0,
    group: 'hardware',
    monthlyUse: 0,
    description: 'Aset; dipinjam dari gudang teknisi.',
    state: 'untracked',
  },
  {
    name: 'Mesin Potong Rumput',
    sku: 'ALT-102',
    unit: 'pcs',
    minStock: 0,
    group: 'garden',
    monthlyUse: 0,
    description: 'Aset; servis rutin tiap tiga bulan.',
    state: 'untracked',
  },
  {
    name: 'Kapur Tulis',
    sku: 'KTR-001',
    unit: 'pak',
    minStock: 5,
    group: 'hardware',
    monthlyUse: 3,
    description: 'Tidak dipakai lagi sejak semua kelas memakai papan tulis putih.',
    state: 'inactive',
  },
  {
    name: 'Lampu Pijar 25 W',
    sku: 'LST-099',
    unit: 'pcs',
    minStock: 5,
    group: 'electrical',
    monthlyUse: 3,
    description: 'Diganti lampu LED.',
    state: 'inactive',
  },
  {
    name: 'Kamper Toilet',
    sku: null,
    unit: 'pak',
    minStock: 4,
    group: 'cleaning',
    monthlyUse: 3,
    description: 'Diganti pewangi ruangan semprot.',
    state: 'inactive',
  },
];

/** Inactive items were retired this many days ago. */
export const ITEM_RETIRED_DAYS_AGO = 60;

export interface SupplyGroupSeed {
  /** Who takes these supplies out of the store room. */
  role: StaffRole;
  /** Where they are used. */
  areas: readonly AreaName[];
  usageNotes: readonly string[];
}

export const SUPPLY_GROUPS: Record<SupplyGroup, SupplyGroupSeed> = {
  cleaning: {
    role: 'custodian',
    areas: [
      'Toilet Lantai 1',
      'Kantin',
      'Ruang Kelas X-1',
      'Aula',
      'Musholla',
      'Ruang Guru',
      'UKS',
      'Perpustakaan',
      'Gudang Lama',
    ],
    usageNotes: [
      'Pemakaian rutin harian',
      'Pembersihan mingguan',
      'Persiapan acara sekolah',
      'Kerja bakti Jumat bersih',
    ],
  },
  garden: {
    role: 'gardener',
    areas: ['Taman Depan', 'Lapangan Basket', 'Parkiran', 'Kolam Ikan'],
    usageNotes: [
      'Perawatan taman mingguan',
      'Pemupukan bedeng bunga',
      'Pemangkasan rumput',
      'Penanaman ulang',
    ],
  },
  electrical: {
    role: 'technician',
    areas: [
      'Ruang Kelas X-1',
      'Laboratorium Kimia',
      'Aula',
      'Ruang Guru',
      'Parkiran',
      'Perpustakaan',
      'UKS',
    ],
    usageNotes: ['Penggantian lampu mati', 'Perbaikan instalasi', 'Pemeliharaan berkala'],
  },
  plumbing: {
    role: 'technician',
    areas: ['Toilet Lantai 1', 'Kantin', 'Musholla', 'Laboratorium Kimia'],
    usageNotes: ['Perbaikan kebocoran', 'Penggantian keran', 'Perbaikan saluran'],
  },
  hardware: {
    role: 'technician',
    areas: ['Ruang Kelas X-1', 'Perpustakaan', 'Ruang Guru', 'Aula'],
    usageNotes: ['Perbaikan meja dan kursi', 'Perbaikan lemari', 'Pemeliharaan berkala'],
  },
};

export const RESTOCK_NOTES = [
  'Pembelian dari Toko Sumber Makmur',
  'Pengadaan bulanan dana BOS',
  'Kiriman pemasok, sesuai faktur',
  'Pembelian tunai oleh TU',
  null,
] as const;

export const OPNAME_NOTES = [
  'Stock opname triwulan: selisih hitung fisik',
  'Koreksi: barang rusak saat penyimpanan',
  'Koreksi pencatatan ganda',
] as const;

export const PRODUCT_IMAGE_COUNT = 3;

export interface RequestSeed {
  type: 'stock' | 'custom';
  /** For stock requests: the item by name. */
  item?: string;
  customName?: string;
  storeLink?: string;
  /** For custom requests: which generated product picture goes with it. */
  productImage?: number;
  quantity: number;
  neededInDays?: number;
  notes?: string;
  requester: PersonEmail;
  status: RequestStatus;
  approverNotes?: string;
  daysAgo: number;
}

export const REQUESTS: readonly RequestSeed[] = [
  {
    type: 'stock',
    item: 'Kantong Sampah Hitam Besar',
    quantity: 10,
    neededInDays: 7,
    notes: 'Untuk kerja bakti akhir bulan.',
    requester: 'agus.setiawan@urs.sch.id',
    status: 'approved',
    approverNotes: 'Disetujui, ambil di gudang TU.',
    daysAgo: 55,
  },
  {
    type: 'stock',
    item: 'Baterai AA',
    quantity: 4,
    notes: 'Remote AC ruang guru dan mikrofon aula.',
    requester: 'fitri.handayani@urs.sch.id',
    status: 'rejected',
    approverNotes: 'Masih ada stok di lemari TU, pakai itu dulu.',
    daysAgo: 47,
  },
  {
    type: 'custom',
    customName: 'Tempat Sampah Pilah 3 Warna',
    storeLink: 'https://www.tokopedia.com/search?st=product&q=tempat%20sampah%20pilah%203%20warna',
    productImage: 2,
    quantity: 4,
    neededInDays: 30,
    notes: 'Untuk program Adiwiyata: organik, anorganik dan B3 di kantin dan lapangan.',
    requester: 'wayan.sudarma@urs.sch.id',
    status: 'approved',
    approverNotes: 'Disetujui untuk mendukung program Adiwiyata.',
    daysAgo: 26,
  },
  {
    type: 'custom',
    customName: 'Dispenser Sabun Otomatis',
    storeLink: 'https://www.tokopedia.com/search?st=product&q=dispenser%20sabun%20otomatis',
    productImage: 1,
    quantity: 6,
    notes: 'Mengurangi sabun yang terbuang di toilet siswa.',
    requester: 'rina.marlina@urs.sch.id',
    status: 'rejected',
    approverNotes: 'Anggaran bulan ini sudah terpakai; ajukan ulang bulan depan.',
    daysAgo: 18,
  },
  {
    type: 'stock',
    item: 'Pupuk NPK 16-16-16',
    quantity: 25,
    neededInDays: 10,
    notes: 'Pemupukan taman depan dan pot lobi.',
    requester: 'slamet.riyadi@urs.sch.id',
    status: 'approved',
    daysAgo: 12,
  },
  {
    type: 'stock',
    item: 'Lampu TL LED 18 W',
    quantity: 12,
    neededInDays: 5,
    notes: 'Penggantian lampu kelas X dan XI yang mati.',
    requester: 'bambang.prasetyo@urs.sch.id',
    status: 'approved',
    approverNotes: 'Disetujui, pembelian lewat toko langganan.',
    daysAgo: 6,
  },
  {
    type: 'custom',
    customName: 'Mesin Vakum Basah Kering 15 L',
    storeLink:
      'https://www.tokopedia.com/search?st=product&q=vacuum%20cleaner%20wet%20dry%2015%20liter',
    productImage: 0,
    quantity: 1,
    neededInDays: 21,
    notes: 'Untuk karpet musholla dan aula; sapu biasa tidak mengangkat debu halus.',
    requester: 'joko.susilo@urs.sch.id',
    status: 'pending',
    daysAgo: 3,
  },
  {
    type: 'stock',
    item: 'Tisu Gulung',
    quantity: 48,
    neededInDays: 4,
    notes: 'Stok tisu toilet hampir habis, kebutuhan dua minggu.',
    requester: 'siti.aminah@urs.sch.id',
    status: 'pending',
    daysAgo: 1,
  },
  {
    type: 'stock',
    item: 'Seal Tape',
    quantity: 20,
    requester: 'hendra.wijaya@urs.sch.id',
    status: 'pending',
    daysAgo: 0,
  },
];
