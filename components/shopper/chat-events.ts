/**
 * How the vehicle page's bar and the chat bubble talk (conversion §4.8): the bar's Instant Message
 * button asks the bubble to open about the page's car; the bar's element names that car for the
 * bubble opened on its own.
 */
export const CHAT_OPEN_EVENT = 'chat-bubble:open';

export interface ChatCar {
  id: number;
  /** '2021 Toyota RAV4 GX', shown in the dialog so the shopper sees which car the message is about. */
  title: string;
}

/** The car of the vehicle page on screen, read from the bar's data attributes; none on other pages. */
export function pageChatCar(doc: Document): ChatCar | undefined {
  const element = doc.querySelector<HTMLElement>('[data-chat-car-id]');
  const id = Number(element?.dataset.chatCarId);
  if (!element || !Number.isInteger(id) || id <= 0) return undefined;
  return { id, title: element.dataset.chatCarTitle ?? '' };
}
