import type { IConstruct } from 'constructs';
import type { CfnResource } from 'aws-cdk-lib';
import { AwsSolutionsChecks, NagRuleCompliance } from 'cdk-nag';
import type { IApplyRule } from 'cdk-nag';

const METADATA_KEY = 'stormline:acknowledged-findings';

export interface FindingAcknowledgment {
  /** The rule, e.g. 'AwsSolutions-IAM5'. */
  rule: string;
  /** Which findings of it, e.g. /^Resource::.*\/index\/\*$/ for a table's index ARNs. */
  finding: RegExp;
  /** One sentence: why this is right here. */
  reason: string;
}

/**
 * Acknowledges findings of a rule by pattern on a construct and everything below it. CDK's
 * Validations.acknowledge needs each finding's exact id, and a grant's id spells out CloudFormation
 * export names that change with the construct tree; a pattern with a reason says what is meant.
 */
export function acknowledgeFindings(scope: IConstruct, ...acknowledgments: FindingAcknowledgment[]): void {
  for (const acknowledgment of acknowledgments) scope.node.addMetadata(METADATA_KEY, acknowledgment);
}

function acknowledgmentsOf(node: IConstruct): FindingAcknowledgment[] {
  const found: FindingAcknowledgment[] = [];
  for (let current: IConstruct | undefined = node; current; current = current.node.scope) {
    for (const entry of current.node.metadata) {
      if (entry.type === METADATA_KEY) found.push(entry.data as FindingAcknowledgment);
    }
  }
  return found;
}

/** cdk-nag's AwsSolutions pack, honouring the pattern acknowledgments above as well as CDK's own. */
export class StormlineNagChecks extends AwsSolutionsChecks {
  protected override applyRule(params: IApplyRule): void {
    const ruleId = `${this.packName}-${params.ruleSuffixOverride ?? params.rule.name}`;
    const rule = params.rule;
    const filtered = (node: CfnResource) => {
      const result = rule(node);
      if (!Array.isArray(result)) return result;
      const acknowledged = acknowledgmentsOf(node).filter((a) => a.rule === ruleId);
      const left = result.filter((finding) => !acknowledged.some((a) => a.finding.test(finding)));
      return left.length > 0 ? left : NagRuleCompliance.COMPLIANT;
    };
    Object.defineProperty(filtered, 'name', { value: rule.name });
    super.applyRule({ ...params, rule: filtered });
  }
}
