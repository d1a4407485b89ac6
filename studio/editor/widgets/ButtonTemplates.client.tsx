'use client';
/**
 * The Studio's rjsf buttons (issue 32): plain buttons with words ("Move up", "Remove"), in place of
 * rjsf's Bootstrap-3 glyphicon buttons, which without Bootstrap's icon font are blank pills no
 * editor can find. The list templates pass the words and an accessible name that says which item
 * ("Move up: “Special offers”", which starts with the visible words) as `children` and `aria-label`; rjsf's own uses (an object's
 * "Add" for a new key, a key's "Remove", a text box's "Clear") get the plain words below.
 */
import { memo } from 'react';
import type { IconButtonProps } from '@rjsf/utils';
import styles from './lists.module.css';

type Tone = 'plain' | 'add' | 'danger';

const TONE_CLASS: Readonly<Record<Tone, string | undefined>> = {
  plain: undefined,
  add: styles.addButton,
  danger: styles.dangerButton,
};

/**
 * A button with words and no icon. rjsf's `icon`, `iconType`, `uiSchema` and `registry` stay out
 * of the DOM, and so does its inline `style` (Bootstrap spacing): lists.module.css lays it out.
 */
function StudioButton({
  words,
  tone,
  props,
}: {
  /** The visible words when rjsf gives none. */
  words: string;
  tone: Tone;
  props: IconButtonProps;
}) {
  const {
    icon: _icon,
    iconType: _iconType,
    uiSchema: _uiSchema,
    registry: _registry,
    style: _style,
    className,
    children,
    title,
    ...button
  } = props;
  const classes = [styles.button, TONE_CLASS[tone], className].filter(Boolean).join(' ');
  // rjsf puts its words in `title` (a tooltip only); here they are the button's text.
  const text = children ?? title ?? words;
  return (
    // The Add button's "+" is drawn by CSS (lists.module.css), so its accessible name starts with its words.
    <button type="button" {...button} className={classes}>
      {text}
    </button>
  );
}

export const AddButton = memo(function AddButton(props: IconButtonProps) {
  return <StudioButton words="Add item" tone="add" props={props} />;
});

export const CopyButton = memo(function CopyButton(props: IconButtonProps) {
  return <StudioButton words="Duplicate" tone="plain" props={props} />;
});

export const MoveUpButton = memo(function MoveUpButton(props: IconButtonProps) {
  return <StudioButton words="Move up" tone="plain" props={props} />;
});

export const MoveDownButton = memo(function MoveDownButton(props: IconButtonProps) {
  return <StudioButton words="Move down" tone="plain" props={props} />;
});

export const RemoveButton = memo(function RemoveButton(props: IconButtonProps) {
  return <StudioButton words="Remove" tone="danger" props={props} />;
});

export const ClearButton = memo(function ClearButton(props: IconButtonProps) {
  return <StudioButton words="Clear" tone="plain" props={props} />;
});

/** Registered on every editor form (widgets/index.ts); rjsf keeps its own SubmitButton (the forms never submit). */
export const ButtonTemplates = { AddButton, CopyButton, MoveUpButton, MoveDownButton, RemoveButton, ClearButton };
