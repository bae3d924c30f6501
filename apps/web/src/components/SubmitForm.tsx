import type { ReactNode } from 'react';
import { Button, Form } from 'antd-mobile';

type FormInstance = ReturnType<typeof Form.useForm>[0];

interface SubmitFormProps<T> {
  form?: FormInstance;
  onSubmit: (values: T) => void;
  submitLabel: string;
  /** The button shows progress and takes no second tap while the call runs. */
  submitting: boolean;
  /** For destructive submissions, such as cancelling the account. */
  danger?: boolean;
  children: ReactNode;
}

/** A form of labelled rows with one full-width submit button. */
export function SubmitForm<T>({
  form,
  onSubmit,
  submitLabel,
  submitting,
  danger = false,
  children,
}: SubmitFormProps<T>) {
  return (
    <Form
      form={form}
      layout="horizontal"
      onFinish={(values: T) => onSubmit(values)}
      footer={
        <Button block type="submit" color={danger ? 'danger' : 'primary'} size="large" loading={submitting}>
          {submitLabel}
        </Button>
      }
    >
      {children}
    </Form>
  );
}
