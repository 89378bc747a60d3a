import './form-field.css';
import type { ReactNode } from 'react';

type FormFieldProps = {
  /** The id of the control inside; the label points at it and the error is `${id}-error`. */
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
};

/** A labelled control with its hint and its error line, as every form of the back office lays it out. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error ? <p className="field__hint">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
