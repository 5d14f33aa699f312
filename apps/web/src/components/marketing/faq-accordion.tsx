// FAQ accordion: one item open at a time, and the open item can be closed again (SPEC §4).
import type { ReactNode } from 'react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger, cn } from '@app/ui';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

export function FaqAccordion({ items, className }: { items: FaqItem[]; className?: string }) {
  return (
    <Accordion type="single" collapsible className={cn('rounded-2xl border bg-card shadow-sm', className)}>
      {items.map((item, i) => (
        <AccordionItem key={item.question} value={`item-${i}`} className="px-5 sm:px-6">
          <AccordionTrigger className="py-5 text-base">{item.question}</AccordionTrigger>
          <AccordionContent className="pb-5 text-sm leading-relaxed text-muted-foreground sm:text-base">
            {item.answer}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
