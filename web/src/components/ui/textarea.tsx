import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { controlClasses } from './input';
import { useFieldControlProps } from './field';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  const controlProps = useFieldControlProps(props);
  return <textarea rows={rows} className={cn(controlClasses, 'min-h-28 resize-y py-3', className)} {...controlProps} />;
}
