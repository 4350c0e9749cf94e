import {
  Checkbox,
  NumberInput,
  PasswordInput,
  Select,
  Textarea,
  TextInput,
  type CheckboxProps,
  type NumberInputProps,
  type PasswordInputProps,
  type SelectProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * Mantine inputs bound to a react-hook-form field: the value, change, blur, focus-on-error ref and
 * the field's message (the schema's, or the server's placed by useServerSubmit) in one prop set.
 * A screen writes `<TextField control={form.control} name="name" label="Name" />` and nothing else.
 */
interface Bound<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
}

type Unbound<P> = Omit<P, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name' | 'checked'>;

/** What a text-like input takes from its field: value ('' for none), change, blur, ref and message. */
function useTextBinding<T extends FieldValues>({ control, name }: Bound<T>) {
  const { field, fieldState } = useController({ control, name });
  return { ...field, value: (field.value as string | null) ?? '', error: fieldState.error?.message };
}

export function TextField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T> & Unbound<TextInputProps>) {
  return <TextInput {...props} {...useTextBinding({ control, name })} />;
}

export function PasswordField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T> & Unbound<PasswordInputProps>) {
  return <PasswordInput {...props} {...useTextBinding({ control, name })} />;
}

export function TextareaField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T> & Unbound<TextareaProps>) {
  return <Textarea {...props} {...useTextBinding({ control, name })} />;
}

export function NumberField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T> & Unbound<NumberInputProps>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NumberInput
      {...props}
      {...field}
      value={(field.value as number | null) ?? ''}
      // Mantine answers '' for an empty box: the form holds null, which the schemas read as "not given".
      onChange={(value) => field.onChange(value === '' ? null : value)}
      error={fieldState.error?.message}
    />
  );
}

export function SelectField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T> & Unbound<SelectProps>) {
  const {
    field: { ref, ...input },
    fieldState,
  } = useController({ control, name });
  return (
    <Select
      {...props}
      ref={ref}
      name={input.name}
      value={(input.value as string | null) ?? null}
      onChange={input.onChange}
      onBlur={input.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function CheckboxField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T> & Unbound<CheckboxProps>) {
  const {
    field: { ref, ...input },
    fieldState,
  } = useController({ control, name });
  return (
    <Checkbox
      {...props}
      ref={ref}
      name={input.name}
      checked={Boolean(input.value)}
      onChange={(event) => input.onChange(event.currentTarget.checked)}
      onBlur={input.onBlur}
      error={fieldState.error?.message}
    />
  );
}
