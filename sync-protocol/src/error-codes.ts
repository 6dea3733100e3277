/*
 * Every refusal the contract or the server can give, by a stable code, with its Indonesian text
 * (the spec's wording where the spec has one). The Indonesian text travels as `message` for old
 * clients and logs; a client shows the code's text in its own language and falls back to
 * `message` only for a code it does not know. No zod here: the web app's translator imports
 * this list without pulling the validators into its first download.
 */

const REPORT_STATUS_ID: Record<string, string> = {
  pending: 'Menunggu',
  in_progress: 'Dikerjakan',
  completed: 'Selesai',
  cancelled: 'Dibatalkan',
};
const DECISION_ID: Record<string, string> = {
  approved: 'disetujui',
  rejected: 'ditolak',
  pending: 'menunggu',
};
const RECORD_ID: Record<string, string> = {
  report: 'laporan',
  item: 'barang',
  stock: 'transaksi',
  request: 'permintaan',
  announcement: 'pengumuman',
  read: 'tanda baca',
  round: 'penyelesaian rutinitas',
};
const REFERENCE_ID: Record<string, string> = { area: 'Area', category: 'Kategori' };
const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/** What a code's text may be given: numbers and plain words, never markup. */
export type ErrorParamValue = string | number;

export const ERROR_TEXTS_ID = {
  // Generic answers of the API
  invalid: 'Data yang dikirim tidak valid.',
  unauthenticated: 'Sesi tidak valid atau sudah berakhir. Silakan masuk kembali.',
  forbidden: 'Anda tidak memiliki akses ke fitur ini.',
  not_found: 'Data tidak ditemukan.',
  too_large: 'Data yang dikirim terlalu besar.',
  server_error: 'Terjadi kesalahan pada server. Silakan coba lagi.',
  photo_store_unavailable:
    'Penyimpanan foto sedang tidak dapat dijangkau. Silakan coba lagi nanti.',
  database_unavailable:
    'Basis data server sedang tidak dapat dijangkau. Silakan coba lagi sebentar lagi.',
  api_not_found: 'Alamat API tidak ditemukan.',
  json_required: 'Kirim data sebagai application/json.',
  json_invalid: 'Body bukan JSON yang valid.',
  multipart_required: 'Kirim profil sebagai multipart/form-data.',
  form_required: 'Kirim laporan sebagai multipart/form-data.',
  // Fields of the contract
  invalid_id: 'ID tidak valid.',
  invalid_time: 'Waktu tidak valid.',
  text_too_long: 'Maksimal {max} karakter.',
  text_unstorable: 'Teks berisi karakter yang tidak diizinkan.',
  name_required: 'Nama wajib diisi.',
  active_not_boolean: 'Status aktif harus true atau false.',
  role_unknown: 'Peran tidak dikenal.',
  theme_invalid: 'Tema harus salah satu dari: dark, light, cream.',
  language_invalid: 'Bahasa harus salah satu dari: id, en.',
  preferences_empty: 'Kirim preferred_theme atau preferred_language.',
  notification_prefs_empty: 'Kirim push, announcements atau quiet_hours.',
  quiet_hours_invalid: 'Jam tenang harus berupa jam JJ:MM, dengan awal dan akhir berbeda.',
  push_subscription_invalid: 'Langganan notifikasi dari browser tidak valid.',
  push_endpoint_refused: 'Layanan notifikasi browser ini tidak dikenal.',
  email_required: 'Email wajib diisi.',
  email_invalid: 'Format email tidak valid.',
  phone_invalid: 'Nomor telepon hanya boleh berisi angka, spasi, +, -, dan tanda kurung.',
  password_required: 'Password wajib diisi.',
  password_too_short: 'Password minimal {min} karakter.',
  password_confirmation_required: 'Konfirmasi password wajib diisi.',
  password_mismatch: 'Konfirmasi password tidak cocok.',
  current_password_required: 'Password saat ini wajib diisi.',
  area_required: 'Pilih area.',
  description_required: 'Deskripsi wajib diisi.',
  problem_required: 'Tuliskan masalah yang ingin dilaporkan.',
  image_type_unsupported: 'Jenis berkas tidak didukung. Gunakan JPG, PNG, atau WEBP.',
  image_too_large: 'Ukuran gambar maksimal 10 MB.',
  photo_hash_invalid: 'Hash foto tidak valid.',
  captured_at_invalid: 'Waktu pengambilan foto tidak valid.',
  quantity_not_number: 'Jumlah harus berupa angka.',
  quantity_not_integer: 'Jumlah harus bilangan bulat.',
  quantity_not_positive: 'Jumlah harus lebih dari 0.',
  adjustment_zero: 'Selisih penyesuaian tidak boleh 0.',
  quantity_too_small: 'Jumlah minimal {min}.',
  quantity_too_large: 'Jumlah maksimal {max}.',
  item_name_required: 'Nama barang wajib diisi.',
  unit_required: 'Satuan wajib diisi.',
  stock_negative: 'Stok tidak boleh negatif.',
  min_stock_negative: 'Stok minimum tidak boleh negatif.',
  date_invalid: 'Tanggal tidak valid.',
  date_format: 'Tanggal harus berformat YYYY-MM-DD.',
  date_range: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
  export_scope_invalid: 'Cakupan ekspor: all, today, this_week, this_month.',
  store_link_invalid: 'Isi tautan toko yang diawali http:// atau https://.',
  request_item_required: 'Silakan pilih barang yang ingin diminta.',
  request_name_required: 'Isi nama barang yang ingin diajukan.',
  request_image_required: 'Silakan unggah gambar produk sebagai referensi.',
  title_required: 'Judul wajib diisi.',
  announcement_body_required: 'Isi pengumuman wajib diisi.',
  audience_required: 'Pilih minimal satu peran.',
  page_invalid: 'page harus berupa angka.',
  per_page_invalid: 'per_page harus berupa angka.',
  per_page_too_large: 'per_page maksimal {max}.',
  report_ids_size: 'Pilih 1 sampai {max} laporan.',
  cursor_invalid: 'Cursor tidak valid.',
  remaining_invalid: 'remaining harus count atau skip.',
  cursor_ahead:
    'Data server telah dipulihkan dari cadangan. Perangkat memuat ulang datanya dari server.',
  // Accounts and sign-in
  invalid_credentials: 'Email atau password salah.',
  registration_closed: 'Pendaftaran akun baru sedang ditutup. Hubungi administrator.',
  too_many_logins: 'Terlalu banyak percobaan masuk yang gagal. Coba lagi dalam {minutes} menit.',
  email_taken: 'Email sudah terdaftar.',
  school_required: 'Gunakan tautan pendaftaran dari sekolah Anda.',
  school_unknown: 'Kode pendaftaran sekolah tidak dikenal.',
  school_inactive: 'Sekolah Anda sedang dinonaktifkan. Hubungi dinas pendidikan.',
  sso_school_unknown:
    'Sekolah untuk akun ini tidak dapat ditentukan. Hubungi administrator sekolah Anda.',
  school_name_taken: 'Nama sekolah sudah dipakai.',
  school_not_found: 'Sekolah tidak ditemukan.',
  current_password_wrong: 'Password saat ini salah.',
  user_not_found: 'User tidak ditemukan.',
  last_admin_role: 'Tidak dapat mengubah peran admin terakhir.',
  last_admin_delete: 'Tidak dapat menghapus admin terakhir.',
  self_delete: 'Anda tidak dapat menghapus akun Anda sendiri.',
  sso_bad_state: 'Sesi masuk SSO tidak valid atau sudah kedaluwarsa. Silakan coba masuk lagi.',
  sso_bad_code:
    'Masuk dengan SSO gagal: kode masuk tidak valid atau sudah kedaluwarsa. Silakan coba lagi.',
  sso_no_email: 'Akun SSO ini tidak memberikan alamat email yang terverifikasi.',
  sso_not_configured: 'Masuk dengan SSO belum diaktifkan di server ini.',
  sso_domain: 'Akun {email} tidak diizinkan masuk. Gunakan email dengan domain: {domains}.',
  sso_no_account: 'Belum ada akun untuk {email}. Hubungi administrator.',
  // Records
  reference_not_found: (p: { kind: string }) => `${label(REFERENCE_ID, p.kind)} tidak ditemukan.`,
  reference_name_taken: (p: { kind: string }) =>
    `${label(REFERENCE_ID, p.kind)} dengan nama ini sudah ada.`,
  report_not_found: 'Laporan tidak ditemukan atau sudah dihapus.',
  item_not_found: 'Barang tidak ditemukan.',
  item_gone: 'Barang tidak ditemukan atau sudah dihapus.',
  item_inactive: 'Barang ini tidak aktif atau sudah dihapus. Pilih barang lain.',
  sku_taken: 'SKU sudah dipakai barang lain.',
  request_not_found: 'Permintaan barang tidak ditemukan.',
  request_decided: (p: { number: string; status: string }) =>
    `${p.number === '' ? 'Permintaan ini' : `Permintaan ${p.number}`} sudah ${label(DECISION_ID, p.status)} sebelumnya; status tidak diubah.`,
  announcement_gone: 'Pengumuman tidak ditemukan atau sudah dihapus.',
  report_cancel_new: 'Laporan baru tidak bisa langsung dibatalkan.',
  report_transition: (p: { from: string; to: string }) =>
    `Status laporan tidak dapat diubah dari "${label(REPORT_STATUS_ID, p.from)}" ke "${label(REPORT_STATUS_ID, p.to)}".`,
  status_change_refused: 'Perubahan status ini tidak diizinkan.',
  // Jobs (decision 028)
  after_photo_required:
    'Tambahkan minimal satu foto sesudah sebelum menyelesaikan pekerjaan yang punya foto sebelum.',
  assignee_unknown: 'Petugas yang dipilih tidak ditemukan atau tidak aktif di sekolah ini.',
  due_date_invalid: 'Tanggal tenggat tidak valid.',
  due_time_invalid: 'Jam tenggat tidak valid (JJ:MM).',
  due_time_without_date: 'Isi tanggal tenggat sebelum jamnya.',
  comment_required: 'Komentar wajib diisi.',
  job_forbidden: 'Anda tidak dapat mengubah pekerjaan ini.',
  // Rounds (decision 030)
  round_gone: 'Rutinitas tidak ditemukan atau sudah diarsipkan.',
  round_version_unknown: 'Versi rutinitas ini tidak dikenal server.',
  round_occurrence_unknown: 'Rutinitas ini tidak terjadwal pada tanggal tersebut.',
  round_forbidden: 'Rutinitas ini bukan tugas Anda.',
  round_answer_missing: 'Jawab butir ini.',
  round_answer_invalid: 'Jawaban tidak sesuai jenis butir.',
  round_answer_repeated: 'Butir ini dijawab lebih dari sekali.',
  round_item_unknown: 'Butir ini tidak ada di daftar periksa.',
  round_photo_required: 'Butir ini memerlukan foto.',
  round_title_required: 'Judul rutinitas wajib diisi.',
  round_items_required: 'Tambahkan minimal satu butir periksa.',
  round_item_label_required: 'Isi nama butir periksa.',
  round_item_ids_repeated: 'ID butir periksa tidak boleh sama.',
  round_on_fail_kind: 'Foto saat gagal hanya untuk butir lulus/gagal.',
  round_areas_required: 'Pilih minimal satu area.',
  round_assignee_required: 'Pilih satu petugas atau satu peran.',
  round_weekdays_required: 'Pilih minimal satu hari.',
  round_end_before_start: 'Tanggal selesai tidak boleh sebelum tanggal mulai.',
  round_interval_invalid: 'Jarak jadwal harus antara 1 dan {max}.',
  round_day_of_month_invalid: 'Tanggal dalam bulan harus antara 1 dan 31.',
  // The poster form for people without an account (decision 029)
  poster_not_found:
    'Poster ini tidak dikenal atau sudah tidak berlaku. Minta poster yang baru kepada petugas sekolah.',
  poster_reports_closed:
    'Pelaporan lewat poster sedang ditutup oleh sekolah. Sampaikan masalahnya langsung kepada petugas sekolah.',
  too_many_poster_reports:
    'Terlalu banyak laporan yang terkirim dari sini. Coba lagi dalam {minutes} menit.',
  id_taken: (p: { kind: string }) => `ID ${label(RECORD_ID, p.kind)} sudah dipakai data lain.`,
  // Photos and images
  photo_id_invalid: 'ID foto tidak valid.',
  photo_hash_header: 'Header X-Content-SHA256 (hex SHA-256 dari isi foto) wajib dikirim.',
  photo_hash_mismatch: 'Isi foto tidak cocok dengan hash yang dikirim; unggah ulang.',
  photo_id_taken: 'ID foto ini sudah dipakai untuk foto lain.',
  photo_not_file: 'Foto harus dikirim sebagai berkas.',
  photo_not_found: 'Foto tidak ditemukan.',
  photo_gone: 'Foto tidak ditemukan atau sudah dihapus.',
  photo_file_missing: 'Berkas foto tidak ada di server.',
  photo_forbidden: 'Anda tidak dapat melihat foto ini.',
  photo_not_uploaded: 'Foto belum terunggah ke server.',
  photo_differs: 'Foto tidak sama dengan yang diunggah.',
  photo_id_conflict: 'ID foto sudah dipakai foto lain.',
  photos_per_kind: (p: { max: number; kind: string }) =>
    `Maksimal ${p.max} foto ${p.kind === 'before' ? 'sebelum' : 'sesudah'} per laporan.`,
  image_not_found: 'Gambar tidak ditemukan.',
  image_file_missing: 'Berkas gambar tidak ada di server.',
  request_image_not_uploaded: 'Gambar produk belum terunggah ke server.',
  // Sync
  sync_forbidden: 'Anda tidak memiliki akses untuk perubahan ini.',
  unknown_mutation: 'Mutasi tidak dikenal: {name}',
  seq_not_contiguous: 'Nomor urut mutasi harus berurutan tanpa celah.',
  seq_gap: 'Urutan sinkronisasi terputus: server menunggu nomor {expected}.',
} as const;

export type ErrorCode = keyof typeof ERROR_TEXTS_ID;
export const ERROR_CODES = Object.keys(ERROR_TEXTS_ID) as ErrorCode[];

type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;
type ParamsOfText<T> = T extends (params: infer P) => string
  ? P
  : T extends string
    ? [Placeholders<T>] extends [never]
      ? Record<never, never>
      : Record<Placeholders<T>, ErrorParamValue>
    : never;

/** The parameters each code's text needs, read off its Indonesian text. */
export type ErrorParams<C extends ErrorCode> = ParamsOfText<(typeof ERROR_TEXTS_ID)[C]>;

/** A refusal as it travels: a code and the values its text needs. */
export interface ErrorReason {
  code: string;
  params?: Record<string, ErrorParamValue>;
}

export type TypedReason = {
  [C in ErrorCode]: { code: C; params?: ErrorParams<C> };
}[ErrorCode];

type ParamsArg<C extends ErrorCode> = keyof ErrorParams<C> extends never
  ? []
  : [params: ErrorParams<C>];

/** A reason with the parameters its code's text needs, checked by the compiler. */
export function reason<C extends ErrorCode>(code: C, ...params: ParamsArg<C>): ErrorReason {
  const [given] = params;
  return given === undefined ? { code } : { code, params: given };
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_TEXTS_ID, code);
}

/** A text of either language: a template with `{name}` placeholders, or a function of the params. */
export type ErrorText = string | ((params: never) => string);

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the text's language writes it: "1.000.000" in Indonesian, "1,000,000" in
 * English. Numbers of four digits stay as they are ("maksimal 2000 karakter").
 */
function formatNumber(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { useGrouping: 'min2', maximumFractionDigits: 20 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * Fills a code's text with its params, numbers written as `locale` writes them. A missing param
 * leaves its placeholder visible rather than inventing a value.
 */
export function fillErrorText(
  text: ErrorText,
  params: Record<string, unknown> = {},
  locale = 'id',
): string {
  if (typeof text === 'function') {
    return (text as (p: Record<string, unknown>) => string)(params);
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (typeof value === 'number') return formatNumber(value, locale);
    return typeof value === 'string' ? value : whole;
  });
}

/** The names a template text needs, for turning a zod issue's bounds into params. */
export function placeholdersOf(code: ErrorCode): string[] {
  const text: ErrorText = ERROR_TEXTS_ID[code];
  return typeof text === 'string' ? [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '') : [];
}

/** The Indonesian text of a reason; an unknown code reads as the generic validation text. */
export function indonesianText(given: ErrorReason): string {
  const code = isErrorCode(given.code) ? given.code : 'invalid';
  return fillErrorText(ERROR_TEXTS_ID[code], given.params);
}

/** A code as a zod check's message: checked by the compiler, read back by `issueReason`. */
export const code = <C extends ErrorCode>(value: C): C => value;
