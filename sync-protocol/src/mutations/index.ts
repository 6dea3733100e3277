import { z } from '../zod.js';
import { ALLOWED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../limits.js';
import { capturedAtSchema } from '../capture-time.js';
import { roleSchema } from '../roles.js';
import {
  ANNOUNCEMENT_PRIORITIES,
  PHOTO_KINDS,
  REQUEST_TYPES,
  TRANSACTION_TYPES,
  reportStatusSchema,
  workTypeSchema,
} from '../work.js';

/*
 * Every write a device makes is one of these mutations. The same schema validates the form,
 * the outbox entry and the push on the server, so a mutation the client could queue is one the
 * server can judge (and refuse with a field-level message) rather than crash on.
 */
const uuid = z.uuid({ error: 'ID tidak valid.' });
const iso = z.iso.datetime({ offset: true, error: 'Waktu tidak valid.' });
const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Maksimal ${max} karakter.`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Maksimal ${max} karakter.`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'Hash foto tidak valid.');
/**
 * A store link is opened by whoever reads the request (the admin deciding it, the export): only
 * a web address with a host, never `javascript:` or `data:`, which would run or render there.
 */
const STORE_LINK_MESSAGE = 'Isi tautan toko yang diawali http:// atau https://.';
const storeLinkUrl = z.httpUrl({ error: STORE_LINK_MESSAGE });
const storeLink = optionalText(1000).refine(
  (v) => v === undefined || v === null || storeLinkUrl.safeParse(v).success,
  { message: STORE_LINK_MESSAGE },
);

export const reportCreateArgs = z.object({
  id: uuid,
  area_id: z.uuid({ error: 'Pilih area.' }),
  category_id: uuid.nullable().optional(),
  work_type: workTypeSchema,
  description: requiredText(5000, 'Deskripsi wajib diisi.'),
  status: reportStatusSchema.optional(),
  /**
   * The device's clock when the report was filed. Optional so an entry queued by an app from
   * before filing times is still accepted; the server bounds it (and fills it) on arrival.
   */
  reported_at: iso.optional(),
});
export const reportUpdateArgs = z.object({
  id: uuid,
  area_id: uuid.optional(),
  category_id: uuid.nullable().optional(),
  work_type: workTypeSchema.optional(),
  description: requiredText(5000, 'Deskripsi wajib diisi.').optional(),
});
export const reportSetStatusArgs = z.object({ id: uuid, status: reportStatusSchema });
export const reportSetAdminNoteArgs = z.object({ id: uuid, admin_note: optionalText(2000) });
export const byIdArgs = z.object({ id: uuid });

export const photoAttachArgs = z.object({
  id: uuid,
  report_id: uuid,
  kind: z.enum(PHOTO_KINDS),
  sha256,
  mime_type: z.enum(ALLOWED_IMAGE_TYPES, {
    error: 'Jenis berkas tidak didukung. Gunakan JPG, PNG, atau WEBP.',
  }),
  size_bytes: z.number().int().positive().max(MAX_IMAGE_BYTES, 'Ukuran gambar maksimal 10 MB.'),
  position: z.number().int().nonnegative().default(0),
  /** Read from the original file's EXIF on the device; null or absent when it had none. */
  captured_at: capturedAtSchema.nullable().optional(),
});

const quantity = z
  .number({ error: 'Jumlah harus berupa angka.' })
  .int('Jumlah harus bilangan bulat.');

export const itemCreateArgs = z.object({
  id: uuid,
  name: requiredText(160, 'Nama barang wajib diisi.'),
  sku: optionalText(64),
  unit: requiredText(32, 'Satuan wajib diisi.'),
  /** Opening stock; recorded by the server as the item's first transaction. */
  stock: quantity.min(0, 'Stok tidak boleh negatif.').default(0),
  min_stock: quantity.min(0, 'Stok minimum tidak boleh negatif.').default(0),
  description: optionalText(2000),
  active: z.boolean().default(true),
  trackable: z.boolean().default(true),
});
export const itemUpdateArgs = z.object({
  id: uuid,
  name: requiredText(160, 'Nama barang wajib diisi.').optional(),
  sku: optionalText(64),
  unit: requiredText(32, 'Satuan wajib diisi.').optional(),
  min_stock: quantity.min(0, 'Stok minimum tidak boleh negatif.').optional(),
  description: optionalText(2000),
  active: z.boolean().optional(),
  trackable: z.boolean().optional(),
});

export const stockRecordArgs = z
  .object({
    id: uuid,
    item_id: uuid,
    type: z.enum(TRANSACTION_TYPES),
    /** Positive for in/out; an adjustment carries a signed, non-zero delta. */
    quantity,
    notes: optionalText(1000),
    area_id: uuid.nullable().optional(),
    occurred_at: iso,
  })
  .refine((v) => (v.type === 'adjustment' ? v.quantity !== 0 : v.quantity > 0), {
    path: ['quantity'],
    message: 'Jumlah harus lebih dari 0.',
  });

export const requestCreateArgs = z
  .object({
    id: uuid,
    type: z.enum(REQUEST_TYPES),
    item_id: uuid.nullable().optional(),
    custom_name: optionalText(160),
    store_link: storeLink,
    image_sha256: sha256.nullable().optional(),
    quantity: quantity.min(1, 'Jumlah minimal 1.'),
    needed_date: z.iso.date({ error: 'Tanggal tidak valid.' }).nullable().optional(),
    notes: optionalText(2000),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'stock' && (v.item_id ?? null) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['item_id'],
        message: 'Silakan pilih barang yang ingin diminta.',
      });
    }
    if (v.type === 'custom' && (v.custom_name ?? null) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['custom_name'],
        message: 'Isi nama barang yang ingin diajukan.',
      });
    }
    if (v.type === 'custom' && (v.image_sha256 ?? null) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['image_sha256'],
        message: 'Silakan unggah gambar produk sebagai referensi.',
      });
    }
  });
export const requestDecideArgs = z.object({ id: uuid, notes: optionalText(2000) });

export const announcementCreateArgs = z.object({
  id: uuid,
  title: requiredText(200, 'Judul wajib diisi.'),
  body: requiredText(10_000, 'Isi pengumuman wajib diisi.'),
  audience: z.array(roleSchema).min(1, 'Pilih minimal satu peran.').nullable().default(null),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES).default('normal'),
  pinned: z.boolean().default(false),
});
export const announcementUpdateArgs = z.object({
  id: uuid,
  title: requiredText(200, 'Judul wajib diisi.').optional(),
  body: requiredText(10_000, 'Isi pengumuman wajib diisi.').optional(),
  audience: z.array(roleSchema).min(1, 'Pilih minimal satu peran.').nullable().optional(),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES).optional(),
  pinned: z.boolean().optional(),
});
export const announcementMarkReadArgs = z.object({ id: uuid, announcement_id: uuid, read_at: iso });

/** Mutation name -> the schema of its args. Adding a mutation is one line here plus its handler. */
export const MUTATION_ARGS = {
  'report.create': reportCreateArgs,
  'report.update': reportUpdateArgs,
  'report.set_status': reportSetStatusArgs,
  'report.set_admin_note': reportSetAdminNoteArgs,
  'report.delete': byIdArgs,
  'photo.attach': photoAttachArgs,
  'photo.remove': byIdArgs,
  'item.create': itemCreateArgs,
  'item.update': itemUpdateArgs,
  'item.delete': byIdArgs,
  'stock.record': stockRecordArgs,
  'request.create': requestCreateArgs,
  'request.approve': requestDecideArgs,
  'request.reject': requestDecideArgs,
  'announcement.create': announcementCreateArgs,
  'announcement.update': announcementUpdateArgs,
  'announcement.delete': byIdArgs,
  'announcement.mark_read': announcementMarkReadArgs,
} as const;

export type MutationName = keyof typeof MUTATION_ARGS;
export const MUTATION_NAMES = Object.keys(MUTATION_ARGS) as MutationName[];
export type MutationArgs<N extends MutationName> = z.input<(typeof MUTATION_ARGS)[N]>;
export type ParsedMutationArgs<N extends MutationName> = z.output<(typeof MUTATION_ARGS)[N]>;

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(MUTATION_ARGS, name);
}
