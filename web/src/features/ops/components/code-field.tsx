import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The 6-digit authenticator code: numeric keyboard on phones, and the browser may fill it from an SMS-like source. */
export function TotpCodeField({
  value,
  onChange,
  error,
  label = 'Code from your authenticator app',
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
}) {
  return (
    <Field label={label} error={error} required>
      <Input
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        placeholder="123 456"
        className="font-mono text-lg tracking-[0.3em]"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
