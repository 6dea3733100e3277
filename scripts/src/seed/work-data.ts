import type { AnnouncementPriority, Role, WorkType } from '@urs/sync-protocol';
import type { AreaName, CategoryName, PersonEmail, StaffRole } from './data.js';

/* What staff report and what the admin tells them. */

export interface ReportTemplate {
  area: AreaName;
  category: CategoryName | null;
  workType: WorkType;
  role: StaffRole;
  description: string;
}

export const REPORT_TEMPLATES: readonly ReportTemplate[] = [
  {
    area: 'Toilet Lantai 1',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description:
      'Lantai toilet putra licin dan berbau pesing, perlu disikat dan dipel dengan karbol.',
  },
  {
    area: 'Toilet Lantai 1',
    category: 'Perpipaan',
    workType: 'repair',
    role: 'technician',
    description:
      'Keran wastafel toilet putri bocor terus, air tetap menetes walaupun sudah ditutup rapat.',
  },
  {
    area: 'Toilet Lantai 1',
    category: 'Perpipaan',
    workType: 'repair',
    role: 'custodian',
    description:
      'Kloset bilik nomor 3 tersumbat, air tidak turun saat disiram. Bilik sementara ditutup.',
  },
  {
    area: 'Toilet Lantai 1',
    category: 'Kelistrikan',
    workType: 'maintenance',
    role: 'technician',
    description: 'Exhaust fan toilet putra mati, ruangan jadi lembap dan pengap.',
  },
  {
    area: 'Ruang Kelas X-1',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description:
      'Coretan spidol permanen di papan tulis dan beberapa meja siswa setelah kegiatan kelas seni.',
  },
  {
    area: 'Ruang Kelas X-1',
    category: 'Furnitur',
    workType: 'repair',
    role: 'technician',
    description:
      'Dua kursi siswa patah kaki, sementara dipindahkan ke belakang kelas agar tidak dipakai.',
  },
  {
    area: 'Ruang Kelas X-1',
    category: 'Kelistrikan',
    workType: 'repair',
    role: 'technician',
    description: 'Lampu TL barisan depan berkedip dan satu mati total, papan tulis kurang terang.',
  },
  {
    area: 'Ruang Kelas X-1',
    category: 'Kelistrikan',
    workType: 'maintenance',
    role: 'technician',
    description: 'AC kelas kurang dingin dan menetes, perlu dicuci dan dicek tekanan freon.',
  },
  {
    area: 'Laboratorium Kimia',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description: 'Noda bekas praktikum di meja keramik, ada tumpahan larutan yang sudah mengering.',
  },
  {
    area: 'Laboratorium Kimia',
    category: 'Keamanan',
    workType: 'inspection',
    role: 'inventory_staff',
    description:
      'Pemeriksaan rutin APAR dan lemari asam. Dua tabung APAR perlu dicek tanggal isi ulangnya.',
  },
  {
    area: 'Laboratorium Kimia',
    category: 'Perpipaan',
    workType: 'repair',
    role: 'technician',
    description: 'Bak cuci di meja praktikum 4 mampet, air sisa praktikum menggenang.',
  },
  {
    area: 'Perpustakaan',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description: 'Rak buku bagian belakang berdebu tebal, banyak sarang laba-laba di sudut plafon.',
  },
  {
    area: 'Perpustakaan',
    category: 'Bangunan',
    workType: 'repair',
    role: 'technician',
    description: 'Plafon dekat jendela ada bercak rembesan air setelah hujan deras semalam.',
  },
  {
    area: 'Perpustakaan',
    category: 'Furnitur',
    workType: 'inspection',
    role: 'inventory_staff',
    description:
      'Pendataan meja dan kursi baca; tiga kursi goyang dan satu meja retak perlu diperbaiki.',
  },
  {
    area: 'Kantin',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description: 'Area cuci piring berminyak dan saluran air tersumbat sisa makanan.',
  },
  {
    area: 'Kantin',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description: 'Tempat sampah kantin penuh dan berceceran sebelum jam istirahat kedua.',
  },
  {
    area: 'Kantin',
    category: 'Perpipaan',
    workType: 'repair',
    role: 'technician',
    description: 'Pipa pembuangan di bawah wastafel kantin bocor, lantai selalu basah.',
  },
  {
    area: 'Lapangan Basket',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description:
      'Lapangan penuh daun kering dan genangan air setelah hujan, licin untuk jam olahraga.',
  },
  {
    area: 'Lapangan Basket',
    category: 'Bangunan',
    workType: 'repair',
    role: 'technician',
    description: 'Cat garis lapangan pudar dan ring basket sisi timur agak miring.',
  },
  {
    area: 'Lapangan Basket',
    category: 'Keamanan',
    workType: 'maintenance',
    role: 'technician',
    description:
      'Jaring ring basket sobek dan baut tiang kendur, perlu dikencangkan sebelum turnamen.',
  },
  {
    area: 'Taman Depan',
    category: 'Pertamanan',
    workType: 'maintenance',
    role: 'gardener',
    description:
      'Rumput taman depan sudah tinggi, perlu dipangkas sebelum kunjungan komite sekolah.',
  },
  {
    area: 'Taman Depan',
    category: 'Pertamanan',
    workType: 'maintenance',
    role: 'gardener',
    description:
      'Pagar tanaman teh-tehan tidak rata dan menjorok ke jalan setapak, perlu dirapikan.',
  },
  {
    area: 'Taman Depan',
    category: 'Perpipaan',
    workType: 'repair',
    role: 'gardener',
    description: 'Selang penyiraman bocor di beberapa titik, tekanan air di ujung taman lemah.',
  },
  {
    area: 'Taman Depan',
    category: 'Pertamanan',
    workType: 'cleaning',
    role: 'gardener',
    description: 'Banyak daun dan ranting patah berserakan setelah angin kencang semalam.',
  },
  {
    area: 'Taman Depan',
    category: 'Pertamanan',
    workType: 'maintenance',
    role: 'gardener',
    description: 'Pemupukan bedeng bunga depan; beberapa tanaman mulai menguning.',
  },
  {
    area: 'Aula',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description: 'Persiapan aula untuk pentas seni: sapu, pel, dan susun ulang kursi lipat.',
  },
  {
    area: 'Aula',
    category: 'Kelistrikan',
    workType: 'repair',
    role: 'technician',
    description: 'Dua lampu sorot panggung tidak menyala dan satu kabel mikrofon putus.',
  },
  {
    area: 'Aula',
    category: 'Keamanan',
    workType: 'inspection',
    role: 'technician',
    description: 'Pengecekan instalasi listrik, panel dan sound system sebelum acara wisuda.',
  },
  {
    area: 'Ruang Guru',
    category: 'Furnitur',
    workType: 'repair',
    role: 'technician',
    description: 'Laci meja guru nomor 7 macet dan kuncinya rusak.',
  },
  {
    area: 'Ruang Guru',
    category: 'Kelistrikan',
    workType: 'maintenance',
    role: 'technician',
    description:
      'Stop kontak di dekat dispenser longgar dan sempat memercik, sementara tidak dipakai.',
  },
  {
    area: 'Ruang Guru',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description: 'Karpet ruang guru kotor bekas tumpahan kopi dan teh.',
  },
  {
    area: 'Musholla',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description: 'Karpet musholla perlu divakum dan lantai tempat wudhu mulai berlumut.',
  },
  {
    area: 'Musholla',
    category: 'Perpipaan',
    workType: 'repair',
    role: 'technician',
    description: 'Keran tempat wudhu nomor 2 patah, air memancar keluar.',
  },
  {
    area: 'Parkiran',
    category: 'Keamanan',
    workType: 'maintenance',
    role: 'technician',
    description:
      'Lampu penerangan parkiran motor mati, area gelap saat kegiatan ekstrakurikuler sore.',
  },
  {
    area: 'Parkiran',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description: 'Sampah plastik dan puntung rokok menumpuk di sudut parkiran dekat pagar.',
  },
  {
    area: 'Parkiran',
    category: 'Bangunan',
    workType: 'repair',
    role: 'technician',
    description:
      'Aspal berlubang dekat gerbang parkiran, tergenang dan berbahaya bagi motor saat hujan.',
  },
  {
    area: 'Parkiran',
    category: 'Pertamanan',
    workType: 'maintenance',
    role: 'gardener',
    description: 'Pohon ketapang di parkiran perlu dipangkas, dahan menjuntai ke atap motor.',
  },
  {
    area: 'UKS',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description: 'Sprei dan sarung bantal tempat tidur UKS perlu diganti dan dicuci.',
  },
  {
    area: 'UKS',
    category: null,
    workType: 'inspection',
    role: 'inventory_staff',
    description: 'Cek isi kotak P3K dan obat-obatan yang mendekati tanggal kedaluwarsa.',
  },
  {
    area: 'UKS',
    category: 'Kelistrikan',
    workType: 'repair',
    role: 'technician',
    description: 'Kipas angin dinding UKS berbunyi keras dan putarannya lambat.',
  },
  {
    area: 'Gudang Lama',
    category: 'Keamanan',
    workType: 'inspection',
    role: 'inventory_staff',
    description: 'Pendataan barang bekas di gudang lama sebelum dikosongkan untuk renovasi.',
  },
  {
    area: 'Gudang Lama',
    category: 'Kebersihan',
    workType: 'cleaning',
    role: 'custodian',
    description: 'Gudang lama lembap, banyak kardus berjamur dan tikus, perlu dibersihkan.',
  },
  {
    area: 'Kolam Ikan',
    category: 'Pertamanan',
    workType: 'maintenance',
    role: 'gardener',
    description: 'Air kolam keruh dan pompa filter berisik; kolam perlu dikuras.',
  },
  {
    area: 'Kolam Ikan',
    category: null,
    workType: 'other',
    role: 'gardener',
    description:
      'Kolam akan dikeringkan untuk perbaikan dinding, ikan dipindahkan ke akuarium lobi.',
  },
  {
    area: 'Aula',
    category: null,
    workType: 'other',
    role: 'inventory_staff',
    description:
      'Peminjaman 50 kursi lipat aula untuk acara RT; dicatat keluar dan dicek saat kembali.',
  },
];

export const ADMIN_NOTES = {
  pending: [
    'Mohon dicek besok pagi sebelum jam pelajaran pertama.',
    'Prioritaskan, ada kunjungan pengawas minggu ini.',
  ],
  in_progress: [
    'Suku cadang sedang dipesan, estimasi datang 3 hari.',
    'Dikerjakan bertahap setelah jam pelajaran selesai.',
    'Sudah koordinasi dengan wali kelas, dikerjakan Sabtu.',
  ],
  completed: [
    'Sudah dicek di lokasi, hasilnya rapi. Terima kasih.',
    'Selesai tepat waktu. Mohon foto sesudah diambil dari sudut yang sama.',
    'Terima kasih, sudah dilaporkan ke wakasek sarpras.',
    'Selesai; pemakaian bahan sudah dicatat di inventaris.',
  ],
  cancelled: [
    'Duplikat dengan laporan sebelumnya untuk area yang sama.',
    'Dibatalkan: akan ditangani vendor pihak ketiga.',
    'Dibatalkan, ternyata sudah diperbaiki oleh pihak kantin.',
  ],
} as const;

export interface AnnouncementSeed {
  title: string;
  body: string;
  audience: Role[] | null;
  priority: AnnouncementPriority;
  pinned: boolean;
  daysAgo: number;
  readBy: readonly PersonEmail[];
}

export const ANNOUNCEMENTS: readonly AnnouncementSeed[] = [
  {
    title: 'Stock Opname Triwulan',
    body: 'Stock opname gudang TU dan gudang taman dilaksanakan Jumat pukul 13.00. Mohon semua transaksi keluar-masuk barang minggu ini sudah tercatat di aplikasi sebelum hari Kamis.',
    audience: ['inventory_staff'],
    priority: 'normal',
    pinned: false,
    daysAgo: 62,
    readBy: ['rina.marlina@urs.sch.id', 'fitri.handayani@urs.sch.id'],
  },
  {
    title: 'Memakai URS Tanpa Sinyal',
    body: 'Laporan, foto sebelum/sesudah dan transaksi stok tetap bisa dibuat saat tidak ada sinyal, misalnya di gudang atau lapangan belakang. Data tersimpan di HP dan terkirim otomatis begitu tersambung lagi. Jangan hapus data browser sebelum status sinkron menunjukkan semua terkirim.',
    audience: null,
    priority: 'normal',
    pinned: false,
    daysAgo: 31,
    readBy: [
      'siti.aminah@urs.sch.id',
      'joko.susilo@urs.sch.id',
      'bambang.prasetyo@urs.sch.id',
      'slamet.riyadi@urs.sch.id',
      'rina.marlina@urs.sch.id',
    ],
  },
  {
    title: 'Wajib Sarung Tangan dan Masker',
    body: 'Mulai minggu ini, setiap pembersihan toilet, tempat sampah dan pemupukan wajib memakai sarung tangan karet dan masker. Perlengkapan bisa diambil di gudang TU dan dicatat sebagai transaksi keluar.',
    audience: ['custodian', 'gardener'],
    priority: 'normal',
    pinned: false,
    daysAgo: 15,
    readBy: ['siti.aminah@urs.sch.id', 'wayan.sudarma@urs.sch.id'],
  },
  {
    title: 'Pemadaman Listrik PLN Sabtu Ini',
    body: 'PLN melakukan pemeliharaan jaringan Sabtu pukul 08.00–14.00 WIB. Teknisi mohon mematikan panel utama gedung B sebelum 07.45, memeriksa genset, dan memastikan kulkas lab sudah dikosongkan.',
    audience: ['technician', 'custodian'],
    priority: 'important',
    pinned: false,
    daysAgo: 2,
    readBy: ['bambang.prasetyo@urs.sch.id'],
  },
  {
    title: 'Kerja Bakti Akhir Semester',
    body: 'Kerja bakti seluruh staf dilaksanakan Jumat depan pukul 07.00–11.00. Fokus: gudang, talang air, taman depan dan area parkir. Setiap pekerjaan dilaporkan di URS dengan foto sebelum dan sesudah.',
    audience: null,
    priority: 'important',
    pinned: true,
    daysAgo: 4,
    readBy: ['siti.aminah@urs.sch.id', 'hendra.wijaya@urs.sch.id', 'slamet.riyadi@urs.sch.id'],
  },
];
