import type { ConversionFinding } from '../convert/option-title-marks';
import type { ScanContext } from './scan-context';
import { ownerOf } from './tag-spelling-report';

/** Reports what a conversion could not honour (option-title tags without effect) as warnings where they are written. */
export function reportConversionFindings(findings: readonly ConversionFinding[], context: ScanContext): void {
  for (const finding of findings) {
    const owner = ownerOf(finding.node);
    context.note(finding.node, 'ARM_WARN_OPTION_TITLE', { ...owner, property: owner.property ?? finding.property }, finding.message);
  }
}
