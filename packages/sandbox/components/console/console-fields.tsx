/** The labelled fields of the sandbox console's forms (console-create-panel.tsx, console-theme-panel.tsx). */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { field } from './console-styles';

/** A text, number or colour input under its label; `className` replaces the console's field class. */
export function ConsoleInput({
  id,
  label,
  className = field,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <label htmlFor={id} className="block text-sm font-medium">
      {label}
      <input id={id} {...input} className={className} />
    </label>
  );
}

/** A select under its label, with `children` as its options. */
export function ConsoleSelect(props: { id: string; label: string; name: string; defaultValue?: string; children: ReactNode }) {
  return (
    <label htmlFor={props.id} className="block text-sm font-medium">
      {props.label}
      <select id={props.id} name={props.name} className={field} defaultValue={props.defaultValue}>
        {props.children}
      </select>
    </label>
  );
}

/** A fieldset of one checkbox (posted as "on"), with its legend and a hint the checkbox is described by (`hintId`). */
export function ConsoleToggle(props: { legend: string; hint: string; hintId: string; name: string; checked: boolean; label: string }) {
  return (
    <fieldset className="sm:col-span-2 lg:col-span-3">
      <legend className="text-sm font-medium">{props.legend}</legend>
      <p id={props.hintId} className="text-xs text-fg-muted">
        {props.hint}
      </p>
      <label className="mt-1 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name={props.name}
          value="on"
          defaultChecked={props.checked}
          aria-describedby={props.hintId}
          className="size-5"
        />
        {props.label}
      </label>
    </fieldset>
  );
}

/**
 * A fieldset of checkboxes all posted under `name`, one an `options` entry ([value, label]), those
 * in `checked` checked, with its legend and hint; `children` follow the boxes.
 */
export function ConsoleChecks(props: {
  legend: string;
  hint: string;
  name: string;
  options: readonly (readonly [string, string])[];
  checked: readonly string[];
  children?: ReactNode;
}) {
  return (
    <fieldset className="sm:col-span-2 lg:col-span-3">
      <legend className="text-sm font-medium">{props.legend}</legend>
      <p className="text-xs text-fg-muted">{props.hint}</p>
      <div className="mt-1 flex flex-wrap gap-4">
        {props.options.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={props.name} value={value} defaultChecked={props.checked.includes(value)} className="size-5" />
            {label}
          </label>
        ))}
      </div>
      {props.children}
    </fieldset>
  );
}
