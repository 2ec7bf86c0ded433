/**
 * The descriptor-to-form mapping of a payment method's fields (from the service's methods list):
 * the input each descriptor renders as (type, inputMode, autocomplete, constraints) and the validation both the APM form (client)
 * and the server action apply, so no method has a hand-written form. Dependency-free (the CPF's check digits: the contract's pure cpf.ts).
 */
import { isValidCpf } from '@hosted-checkout/contract/cpf';

/** A method's field descriptor (packages/contract/src/methods.ts), restated here without zod for the client. */
export interface FieldDescriptor {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'number' | 'select' | 'date';
  required: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  options?: { value: string; label: string }[];
}

/** `cpf`: a field named `cpf` (Pix) whose 11 digits are not a CPF (check digits by modulo 11, one repeated digit: packages/contract/src/cpf.ts). */
export type FieldError = 'required' | 'tooShort' | 'tooLong' | 'pattern' | 'email' | 'number' | 'date' | 'option' | 'cpf';

/** How a descriptor renders: an <input> of this type and mode, or a <select>. */
interface FieldControl {
  element: 'input' | 'select';
  inputType?: 'text' | 'email' | 'tel' | 'date';
  inputMode?: 'text' | 'email' | 'tel' | 'decimal';
  autoComplete?: string;
  required: boolean;
  minLength?: number;
  maxLength?: number;
}

const AUTOCOMPLETE: Record<string, string> = { email: 'email', phone: 'tel', accountHolder: 'name' };

export function controlFor(field: FieldDescriptor): FieldControl {
  const base = {
    required: field.required,
    minLength: field.minLength,
    maxLength: field.maxLength,
    autoComplete: AUTOCOMPLETE[field.name] ?? 'off',
  };
  switch (field.type) {
    case 'select':
      return { element: 'select', required: field.required };
    case 'email':
      return { ...base, element: 'input', inputType: 'email', inputMode: 'email' };
    case 'tel':
      return { ...base, element: 'input', inputType: 'tel', inputMode: 'tel' };
    case 'number':
      // A text input with a decimal keypad: type=number drops what it cannot parse.
      return { ...base, element: 'input', inputType: 'text', inputMode: 'decimal' };
    case 'date':
      return { ...base, element: 'input', inputType: 'date' };
    default:
      return { ...base, element: 'input', inputType: 'text', inputMode: 'text' };
  }
}

/** The first rule `value` breaks, or null. Whitespace around the value is ignored. */
export function checkField(field: FieldDescriptor, raw: string): FieldError | null {
  const value = raw.trim();
  if (value === '') return field.required ? 'required' : null;
  if (field.minLength !== undefined && value.length < field.minLength) return 'tooShort';
  if (field.maxLength !== undefined && value.length > field.maxLength) return 'tooLong';
  if (field.type === 'email' && !/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value)) return 'email';
  if (field.type === 'number' && !Number.isFinite(Number(value.replace(',', '.')))) return 'number';
  if (field.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'date';
  if (field.type === 'select' && !field.options?.some((o) => o.value === value)) return 'option';
  if (field.pattern) {
    try {
      if (!new RegExp(`^(?:${field.pattern})$`).test(value)) return 'pattern';
    } catch {
      return null;
    }
  }
  if (field.name === 'cpf' && !isValidCpf(value)) return 'cpf';
  return null;
}

/** Errors of every field of a method, by field name. */
export function checkFields(fields: FieldDescriptor[], values: Record<string, string>): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of fields) {
    const error = checkField(field, values[field.name] ?? '');
    if (error) errors[field.name] = error;
  }
  return errors;
}
