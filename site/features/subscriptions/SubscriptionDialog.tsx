import { useEffect, useRef, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { api } from '../../lib/api.ts';
import { showResult } from '../../lib/dialogs.ts';
import { Loading } from '../wallet/AccountStates.tsx';
import SubscriptionDetails from './SubscriptionDetails.tsx';
import type { Subscription } from './subscriptions.ts';

interface Props {
  id: number;
  onClose: () => void;
}

/** The Subscription details dialog: loads the subscription; a failed load shows why and closes. */
export default function SubscriptionDialog({ id, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [subscription, setSubscription] = useState<Subscription | null>(null);

  useEffect(() => {
    const node = dialog.current;
    node?.showModal();
    let live = true;
    const param = { id: String(id) };
    void api
      .call((r) => r.subscription[':id'].$get({ param }))
      .then(async (res) => {
        if (!live) return;
        if (res.code === 0) return setSubscription(res.data);
        node?.close();
        await showResult(false, res.message);
      });
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <dialog
      ref={dialog}
      className="dialog subscription-dialog"
      aria-labelledby="subscription-dialog-title"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
    >
      <div className="subscription-dialog__head">
        <h2 id="subscription-dialog-title">Subscription details</h2>
        <button
          className="icon-button"
          type="button"
          aria-label="Close"
          onClick={() => dialog.current?.close()}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
          </svg>
        </button>
      </div>
      {subscription ? (
        <SubscriptionDetails subscription={subscription} />
      ) : (
        <Loading message={messages.subscriptions.loadingOne} />
      )}
    </dialog>
  );
}
