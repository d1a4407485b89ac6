'use client';

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_OPEN_EVENT, pageChatCar, type ChatCar } from '../../components/shopper/chat-events';
import { useScrolledPast } from '../../components/shopper/use-scrolled-past';
import { CHAT_BUBBLE_SCROLL } from '../../domain/messaging';
import styles from './ChatBubble.module.css';

// The dialog and its form load on the first press: pages that never open it ship only the button.
const ChatDialog = lazy(() => import('./ChatDialog.client'));

export interface ChatField {
  name: 'name' | 'phone' | 'email' | 'message';
  label: string;
  required: boolean;
  maxLength?: number;
  autocomplete?: string;
}

export interface BubbleProps {
  label: string;
  title: string;
  submitText: string;
  dealer: string;
  fields: ChatField[];
}

/** The chat bubble's button, fixed bottom right; it opens the message dialog (conversion §4.8). */
export function Bubble(props: BubbleProps) {
  const scrolled = useScrolledPast(CHAT_BUBBLE_SCROLL);
  const [open, setOpen] = useState(false);
  const [car, setCar] = useState<ChatCar | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const show = useCallback((about: ChatCar | undefined) => {
    setCar(about);
    setOpen(true);
  }, []);
  useEffect(() => {
    const onOpen = (event: Event) => show((event as CustomEvent<ChatCar | undefined>).detail ?? pageChatCar(document));
    window.addEventListener(CHAT_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(CHAT_OPEN_EVENT, onOpen);
  }, [show]);
  const close = useCallback(() => {
    setOpen(false);
    // Back to where the shopper was: the bubble (the bar's button is not known here).
    button.current?.focus();
  }, []);
  return (
    <div className={`${styles.bubble} chat-bubble${scrolled ? ` ${styles.scrolled} chat-bubble--scrolled` : ''}`}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={props.label}
        title={props.label}
        onClick={() => show(pageChatCar(document))}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" focusable="false">
          <path
            fill="currentColor"
            d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 6.5a1.5 1.5 0 1 0 0 .01Zm5 0a1.5 1.5 0 1 0 0 .01Zm5 0a1.5 1.5 0 1 0 0 .01Z"
          />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ChatDialog {...props} car={car} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
