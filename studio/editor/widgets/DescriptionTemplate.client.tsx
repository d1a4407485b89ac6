'use client';
/**
 * A field's help text (issue 32): its first sentence under the field, the rest behind a "?" button
 * named "More about <field>" (help-text.ts splits the text). rjsf printed a schema's whole
 * description under every field and list item; this keeps the form short and every word reachable.
 *
 * HelpText is used by FieldTemplate (fields), ObjectFieldTemplate (groups), SwitchWidget (switches)
 * and, as rjsf's DescriptionFieldTemplate, by lists. The element with the description's id holds
 * only the first sentence: it is what a control's `aria-describedby` reads.
 */
import { useId, useState } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import { getUiOptions, type DescriptionFieldProps } from '@rjsf/utils';
import { splitHelp } from './help-text';
import styles from './fields.module.css';

const DefaultDescription = getDefaultRegistry().templates.DescriptionFieldTemplate;

export interface HelpTextProps {
  /** The id of the first sentence (rjsf's description id: controls point `aria-describedby` at it). */
  id: string;
  text: string;
  /** The field's label, for the button's name ("More about Dealer name"). */
  label: string;
}

export function HelpText({ id, text, label }: HelpTextProps) {
  const [open, setOpen] = useState(false);
  const moreId = `${useId()}-more`;
  const { first, rest } = splitHelp(text);
  if (!first && !rest) return null;
  return (
    <div className={`field-description ${styles.help}`}>
      <p className={styles.helpLine}>
        <span id={id}>{first}</span>
        {rest ? (
          <button
            type="button"
            className={styles.helpButton}
            aria-expanded={open}
            aria-controls={moreId}
            aria-label={`More about ${label.trim() || 'this setting'}`}
            onClick={() => setOpen((was) => !was)}
          >
            ?
          </button>
        ) : null}
      </p>
      {rest ? (
        <p id={moreId} className={styles.helpMore} hidden={!open}>
          {rest}
        </p>
      ) : null}
    </div>
  );
}

/** The name of the thing a description belongs to, from its uiSchema or schema title. */
export function titleOf(schema: { title?: unknown }, uiSchema?: Parameters<typeof getUiOptions>[0]): string {
  const uiTitle = getUiOptions(uiSchema).title;
  if (typeof uiTitle === 'string' && uiTitle.trim()) return uiTitle;
  return typeof schema.title === 'string' ? schema.title : '';
}

/** rjsf's DescriptionFieldTemplate (lists, and anything else that asks rjsf for a description). */
export function DescriptionTemplate(props: DescriptionFieldProps) {
  const { id, description, schema, uiSchema } = props;
  if (typeof description !== 'string') return <DefaultDescription {...props} />;
  if (!description.trim()) return null;
  return <HelpText id={id} text={description} label={titleOf(schema, uiSchema)} />;
}
