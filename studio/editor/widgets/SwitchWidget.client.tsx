'use client';
/**
 * Every yes/no field of the Studio (issue 32), in place of rjsf's checkbox: an unticked box could
 * mean On ("Left empty, the site uses the default on"), so turning a feature off took a tick and an
 * untick with nothing to show for it. This says the state in words, as a row of radio buttons in a
 * group named by the field's label: On, Off, and "Template default (now On)" — what the site shows
 * while this site leaves it empty (the template's value, else the schema's default), which stores
 * nothing. With no default, it is only On and Off (and "Not set" when the field is optional and its
 * help says what leaving it empty means).
 *
 * Registered as rjsf's CheckboxWidget (widgets/index.ts). The widget cannot see its field's path,
 * so FieldTemplate works out the default and passes it down in SwitchDefaultContext.
 */
import { createContext, useContext } from 'react';
import { descriptionId, type WidgetProps } from '@rjsf/utils';
import { HelpText } from './DescriptionTemplate.client';
import { fallbackFor, saysWhatUnsetMeans, switchChoices, type Fallback } from './inherited-value';
import styles from './fields.module.css';

export interface SwitchDefault {
  /** What the site shows while the switch is left empty, if anything says. */
  fallback: Fallback | undefined;
  /** The form layers over a template (the document's root). */
  layered: boolean;
}

/** Set by FieldTemplate around each yes/no field. */
export const SwitchDefaultContext = createContext<SwitchDefault | undefined>(undefined);

export function SwitchWidget(props: WidgetProps) {
  const { id, value, label, hideLabel, required, disabled, readonly, autofocus, schema, options, htmlName } = props;
  const { onChange, onFocus, onBlur } = props;
  const given = useContext(SwitchDefaultContext);
  const known = given ?? { fallback: fallbackFor(undefined, [], schema.default), layered: false };
  const description =
    typeof options.description === 'string'
      ? options.description
      : typeof schema.description === 'string'
        ? schema.description
        : '';
  const choices = switchChoices({
    fallback: known.fallback,
    layered: known.layered,
    optional: !required,
    unsetMeaningful: saysWhatUnsetMeans(description),
  });
  const current = value === true ? 'on' : value === false ? 'off' : value === undefined ? 'empty' : 'other';
  const name = htmlName || id;
  const locked = Boolean(disabled || readonly);
  const title = label || 'Switch';
  return (
    <fieldset id={id} className={styles.switch} aria-describedby={description ? descriptionId(id) : undefined}>
      <legend className={hideLabel ? styles.visuallyHidden : styles.switchLegend}>
        {title}
        {required ? <span className="required">*</span> : null}
      </legend>
      {description ? <HelpText id={descriptionId(id)} text={description} label={title} /> : null}
      <div className={styles.segments}>
        {choices.map((choice, index) => {
          const checked = choice.key === 'on' || choice.key === 'off' ? current === choice.key : current === 'empty';
          return (
            <label key={choice.key} className={styles.segment}>
              <input
                type="radio"
                id={`${id}__${choice.key}`}
                name={name}
                value={choice.key}
                checked={checked}
                disabled={locked}
                autoFocus={autofocus && index === 0}
                onChange={() => onChange(choice.value)}
                onFocus={() => onFocus(id, value)}
                onBlur={() => onBlur(id, value)}
              />
              <span>{choice.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
