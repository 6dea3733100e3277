import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/** Texts of the public problem form behind an area's QR poster (no account needed). */
const texts = splitTextPairs({
  poster: {
    pageTitle: ['Laporkan masalah', 'Report a problem'],
    area: ['Area', 'Area'],
    intro: [
      'Melihat sesuatu yang rusak, kotor, atau berbahaya di area ini? Beri tahu petugas sekolah. Tidak perlu akun.',
      'Seen something broken, dirty or unsafe in this area? Tell the school staff. No account needed.',
    ],
    problem: ['Apa masalahnya?', "What's wrong?"],
    problemHint: [
      'Contoh: keran wastafel bocor, lampu kelas mati, pintu tidak bisa dikunci.',
      "For example: the sink tap leaks, the classroom light is out, the door won't lock.",
    ],
    photo: ['Foto (opsional)', 'Photo (optional)'],
    photoHint: [
      'JPG, PNG, atau WEBP, maksimal 10 MB. Foto diperkecil di ponsel Anda sebelum dikirim.',
      'JPG, PNG or WEBP, at most 10 MB. The photo is made smaller on your phone before it is sent.',
    ],
    addPhoto: ['Ambil atau pilih foto', 'Take or choose a photo'],
    changePhoto: ['Ganti foto', 'Change photo'],
    removePhoto: ['Hapus foto', 'Remove photo'],
    preparingPhoto: ['Menyiapkan foto…', 'Preparing the photo…'],
    photoPreview: ['Foto yang akan dikirim', 'The photo to be sent'],
    name: ['Nama Anda (opsional)', 'Your name (optional)'],
    contact: ['Kontak (opsional)', 'Contact (optional)'],
    contactHint: [
      'Nomor HP, email, atau kelas, bila petugas perlu bertanya.',
      'A phone number, email or class, in case the staff need to ask.',
    ],
    privacy: [
      'Nama dan kontak hanya dilihat oleh petugas sekolah.',
      'Your name and contact are seen by the school staff only.',
    ],
    send: ['Kirim laporan', 'Send report'],
    sending: ['Mengirim…', 'Sending…'],
    sendFailed: ['Laporan gagal dikirim.', 'The report could not be sent.'],
    sentTitle: ['Terima kasih, laporan terkirim', 'Thank you, your report was sent'],
    sentText: [
      'Petugas sekolah akan menindaklanjutinya. Sebutkan nomor laporan ini bila Anda ingin menanyakannya:',
      'The school staff will follow it up. Quote this reference if you want to ask about it:',
    ],
    reference: ['Nomor laporan', 'Reference'],
    another: ['Laporkan masalah lain', 'Report another problem'],
    closedTitle: ['Pelaporan lewat poster ditutup', 'Reporting through the poster is closed'],
    unknownTitle: ['Poster tidak dikenal', 'Unknown poster'],
    loadFailed: ['Halaman ini belum dapat dimuat.', 'This page could not be loaded.'],
    retry: ['Coba lagi', 'Try again'],
    staff: [
      'Anda masuk sebagai {{name}}. Staf membuat laporan di aplikasi.',
      'You are signed in as {{name}}. Staff file reports in the app.',
    ],
    staffLink: ['Buka formulir laporan', 'Open the report form'],
  },
});

registerTexts(texts);
