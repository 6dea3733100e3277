import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../client/toast.js';
import {
  currentPushState,
  subscribePush,
  unsubscribePush,
  type PushState,
} from '../../pwa/index.js';
import { fetchPushPublicKey, forgetSubscription, saveSubscription } from './push-calls.js';

/**
 * Notifications on this phone: asked for only when the user presses the button (decision 031),
 * and said plainly where they cannot be had (refused, an old browser, iOS in a Safari tab). The
 * inbox works the same without them.
 */
export function PushSetup({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    currentPushState()
      .then((found) => live && setState(found))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    try {
      const next = await subscribePush({
        publicKey: fetchPushPublicKey,
        save: (subscription) => saveSubscription(userId, subscription),
      });
      setState(next);
      if (next === 'on') toast.success(t('push.turnedOn'));
    } catch (err) {
      toast.error(t('push.failed'), err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      await unsubscribePush(forgetSubscription);
      setState('off');
      toast.success(t('push.turnedOff'));
    } catch (err) {
      toast.error(t('push.failed'), err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  return (
    <div className="nt-push" data-testid="push-setup" data-state={state}>
      <p>{t(`push.state.${state}`)}</p>
      {(state === 'off' || state === 'on') && (
        <div className="nt-push-actions">
          <button
            type="button"
            className={`button ${state === 'off' ? 'button-primary' : 'button-secondary'}`}
            disabled={busy}
            onClick={() => void (state === 'off' ? turnOn() : turnOff())}
            data-testid={state === 'off' ? 'push-on' : 'push-off'}
          >
            {state === 'off' ? t('push.turnOn') : t('push.turnOff')}
          </button>
        </div>
      )}
    </div>
  );
}
