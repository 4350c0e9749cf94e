export { CheckboxField, NumberField, PasswordField, SelectField, TextareaField, TextField } from './fields';
export { useServerSubmit, type ServerRefusal } from './use-server-submit';
export { FormActions } from './form-actions';
export { FormServerError } from './form-server-error';
export { NameFields, PhoneFields, PositionField } from './person-fields';
