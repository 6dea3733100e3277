import { useState } from 'react';
import { failureText } from '../../lib/admin-kit.js';
import { toast } from '../../lib/toast.js';

export interface ExportTexts {
  export: string;
  exporting: string;
  exported: (name: string) => string;
  failed: string;
  offline: string;
}

/**
 * An Excel export's button: needs the network (disabled offline, described by the screen's
 * `hintId` note), one download at a time, a toast naming the file or saying why it failed.
 */
export function ExportButton({
  download,
  online,
  hintId,
  texts,
}: {
  /** Resolves to the downloaded file's name. */
  download: () => Promise<string>;
  online: boolean;
  hintId: string;
  texts: ExportTexts;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      toast.success(texts.exported(await download()));
    } catch (err) {
      const detail = failureText(err, texts.failed, texts.offline, navigator.onLine);
      toast.error(texts.failed, detail === texts.failed ? undefined : detail);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={!online || busy}
      aria-busy={busy}
      {...(!online && { 'aria-describedby': hintId })}
      onClick={() => void run()}
    >
      {busy ? texts.exporting : texts.export}
    </button>
  );
}
