export { CheckboxField, NumberField, PasswordField, SelectField, TextareaField, TextField } from './fields';
export { useServerSubmit, type FormServerError } from './use-server-submit';
