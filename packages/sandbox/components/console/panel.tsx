/**
 * The frame the sandbox console's panels share (console-view.tsx): a section named by its heading,
 * a table of rows under a header of column names, and a form that posts the merchant's token.
 */
import type { ReactNode } from 'react';
import { small } from './console-styles';

/** A section labelled by its h2 (`headingId`); `headingClassName` replaces the heading's default class. */
export function ConsolePanel(props: {
  headingId: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.headingId} className={props.className}>
      <h2 id={props.headingId} className={props.headingClassName ?? 'text-lg font-semibold'}>
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/**
 * A table with one column header a `headers` entry and `children` as its body rows; when `isEmpty`,
 * `empty` stands instead (null: nothing).
 */
export function ConsoleTable(props: { headers: ReactNode[]; isEmpty: boolean; empty: ReactNode; className?: string; children: ReactNode }) {
  if (props.isEmpty) return props.empty;
  return (
    <table className={props.className ?? 'w-full text-start text-sm'}>
      <thead>
        <tr>
          {props.headers.map((header, i) => (
            <th key={i} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}

/** The hidden field of the merchant's console token, which every console form posts. */
export const TokenField = ({ token }: { token: string }) => <input type="hidden" name="token" value={token} />;

/**
 * A console form posting the merchant's `token` to `action` and, when `name` is given, the row's
 * `value` under that name (e.g. payoutId), before `children`.
 */
export function TokenForm(props: {
  action: (data: FormData) => Promise<void>;
  token: string;
  name?: string;
  value?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form action={props.action} className={props.className}>
      <TokenField token={props.token} />
      {props.name ? <input type="hidden" name={props.name} value={props.value} /> : null}
      {props.children}
    </form>
  );
}

/**
 * A row's one-field form: the token, the row's `value` under `name`, a decimal input (`field`, id
 * `id`, `inputClassName`) under its `label`, and a submit button of `submit`.
 */
export function ConsoleAmountForm(props: {
  action: (data: FormData) => Promise<void>;
  token: string;
  name: string;
  value: string;
  id: string;
  label: string;
  field: string;
  inputClassName: string;
  submit: string;
}) {
  return (
    <TokenForm action={props.action} token={props.token} name={props.name} value={props.value} className="flex items-end gap-1">
      <label htmlFor={props.id} className="text-xs">
        {props.label}
        <input id={props.id} name={props.field} inputMode="decimal" className={props.inputClassName} />
      </label>
      <button className={small}>{props.submit}</button>
    </TokenForm>
  );
}
