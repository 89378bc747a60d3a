import './form-field.css';
import type { ReactNode } from 'react';

type FormFieldProps = {
  /** The id of the control inside; the label points at it and the error is `${id}-error`. */
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
};

/** A labelled form control with its inline error line, as every form of the app lays it out. */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
