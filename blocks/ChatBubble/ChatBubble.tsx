import type { BlockComponent } from '../types';
import { INSTANT_MESSAGE_FORM } from '../../domain/messaging';
import { ownValue } from '../../domain/own-key';
import { Bubble } from './ChatBubble.client';
import type { ChatField } from './ChatBubble.client';

export const DEFAULT_CHAT_LABEL = 'Message us';

/**
 * The chat bubble (conversion §1, §4.8): on every page of a site with messaging on. The form's
 * wording comes from the tenant's instant-message form, so the dialog and the server agree.
 */
export const ChatBubble: BlockComponent<'ChatBubble'> = ({ props, ctx }) => {
  const { tenant } = ctx;
  const form = ownValue(tenant.forms, INSTANT_MESSAGE_FORM);
  if (!tenant.messaging.enabled || !form) return null;
  const fields: ChatField[] = (form.fields ?? [])
    .filter((f) => ['name', 'phone', 'email', 'message'].includes(f.name))
    .map((f) => ({
      name: f.name as ChatField['name'],
      label: f.label ?? f.name,
      required: f.required === true,
      ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}),
      ...(f.autocomplete ? { autocomplete: f.autocomplete } : {}),
    }));
  return (
    <Bubble
      label={props.label ?? DEFAULT_CHAT_LABEL}
      title={form.title ?? 'Send us a message'}
      submitText={form.submitText ?? 'Send'}
      dealer={tenant.name}
      fields={fields}
    />
  );
};
