'use client';
/**
 * The Studio's rich-text editor for an HTML prop (issue 33: "every HTML prop is edited with a
 * rich-text editor: headings, bold, italic, lists, links, line breaks kept, whose output is the
 * HTML the renderer already accepts after the same sanitising; a 'Source' toggle for power users;
 * pasting from Word or a web page keeps only what the sanitiser allows").
 *
 * TipTap (ProseMirror) holds the text as a document of known nodes and marks only, so whatever is
 * pasted (Word's styles, a web page's scripts and classes) is reduced to headings, paragraphs,
 * lists, bold, italic and links on the way in; its HTML out is a subset of what domain/sanitise-html
 * keeps (a unit test pins the round trip). "Source" shows and edits the HTML itself; what is typed
 * there goes through the same editor when switched back. Loaded only when such a field is shown.
 */
import { useEffect, useId, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { RICH_TEXT_EXTENSIONS, richTextCannotKeep, safeLink } from './rich-text';
import styles from './rich-text.module.css';

type Button = {
  label: string;
  /** Whether the selection already has it (the button shows pressed). */
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
};

const BUTTONS: readonly Button[] = [
  {
    label: 'Heading',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'Subheading',
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  { label: 'Bold', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  {
    label: 'Bulleted list',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
];

export function RichTextWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, label, required } = props;
  const text = typeof value === 'string' ? value : '';
  // Text the editor cannot keep whole (a table, small print) is edited as HTML, never cut down.
  const unkept = richTextCannotKeep(text);
  const [chosenSource, setSource] = useState(false);
  const source = chosenSource || unkept !== undefined;
  const [linking, setLinking] = useState<{ href: string; problem?: string } | null>(null);
  const linkId = useId();
  const editor = useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: text,
    immediatelyRender: false,
    editable: !disabled && !readonly,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label || 'Text',
        ...(required ? { 'aria-required': 'true' } : {}),
        class: styles.content ?? '',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // The pressed state of the buttons, read from the editor as the selection moves.
  const pressed = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? BUTTONS.map((b) => b.active(e)).concat(e.isActive('link')) : []),
  });
  // A value from outside (undo, the Source box) replaces the editor's text when it differs.
  useEffect(() => {
    if (!editor || source) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== text) editor.commands.setContent(text, { emitUpdate: false });
  }, [editor, text, source]);
  useEffect(() => {
    editor?.setEditable(!disabled && !readonly);
  }, [editor, disabled, readonly]);

  const locked = disabled || readonly;
  function applyLink() {
    if (!editor || !linking) return;
    const href = linking.href.trim();
    if (!href) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setLinking(null);
      return;
    }
    const safe = safeLink(href);
    if (!safe) {
      setLinking({
        href,
        problem: 'Enter a web address (https://…), a page of this site (/contact), mailto: or tel:.',
      });
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: safe }).run();
    setLinking(null);
  }

  return (
    <div className={styles.wrap}>
      <div className={styles.toolbar} role="toolbar" aria-label={`Formatting for ${label || 'the text'}`}>
        {BUTTONS.map((button, index) => (
          <button
            key={button.label}
            type="button"
            className={styles.tool}
            aria-pressed={pressed?.[index] ?? false}
            disabled={locked || source || !editor}
            onMouseDown={(event) => event.preventDefault()} // keeps the text's selection
            onClick={() => editor && button.run(editor)}
          >
            {button.label}
          </button>
        ))}
        <button
          type="button"
          className={styles.tool}
          aria-pressed={pressed?.[BUTTONS.length] ?? false}
          aria-expanded={linking !== null}
          aria-controls={linking ? linkId : undefined}
          disabled={locked || source || !editor}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setLinking(linking ? null : { href: String(editor?.getAttributes('link').href ?? '') })}
        >
          Link
        </button>
        <button
          type="button"
          className={styles.tool}
          aria-pressed={source}
          disabled={locked || !editor || unkept !== undefined}
          onClick={() => {
            // Back from Source: the HTML typed there goes through the editor, which keeps only what it knows.
            if (source && editor) {
              editor.commands.setContent(text, { emitUpdate: false });
              const cleaned = editor.isEmpty ? '' : editor.getHTML();
              if (cleaned !== text) onChange(cleaned);
            }
            setSource(!source);
            setLinking(null);
          }}
        >
          Source
        </button>
      </div>
      {linking && !source ? (
        <div className={styles.linkRow} id={linkId}>
          <label htmlFor={`${linkId}-href`}>Link address</label>
          <input
            id={`${linkId}-href`}
            type="text"
            inputMode="url"
            value={linking.href}
            autoFocus
            aria-invalid={linking.problem ? true : undefined}
            aria-describedby={linking.problem ? `${linkId}-problem` : `${linkId}-help`}
            onChange={(event) => setLinking({ href: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                setLinking(null);
                editor?.commands.focus();
              }
            }}
          />
          <button type="button" className={styles.tool} onClick={applyLink}>
            Apply link
          </button>
          {linking.problem ? (
            <p id={`${linkId}-problem`} className={styles.problem}>
              {linking.problem}
            </p>
          ) : (
            <p id={`${linkId}-help`} className={styles.help}>
              Select words first. Leave the address empty to remove the link.
            </p>
          )}
        </div>
      ) : null}
      {unkept ? (
        <p className={styles.help} id={`${linkId}-unkept`}>
          This text has {unkept}, which the text editor cannot keep, so it is shown as HTML. Without it, the text editor
          opens again.
        </p>
      ) : null}
      {source ? (
        <textarea
          id={id}
          className={styles.source}
          aria-label={`${label || 'Text'} (HTML source)`}
          aria-describedby={unkept ? `${linkId}-unkept` : undefined}
          value={text}
          rows={10}
          disabled={locked}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <EditorContent editor={editor} className={styles.editor} />
      )}
    </div>
  );
}

export default RichTextWidget;
