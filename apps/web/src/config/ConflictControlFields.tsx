// Read/write conflict controls (seed 000 §2.2.3): program/erase suspend and
// resume with their latencies, read-disturb refresh at a read threshold for
// the drive's cell, and static wear levelling. The die scheduler (read
// priority) sits with the policies. Each control's details show while it is
// on; changing one while a run is loaded offers to restart with it.

import { useAppStore } from '../store';
import { CheckboxField, useDeviceSchema } from './ChoiceFields';
import { conflictControlsApply, deviceCellMode, effectiveConflictPolicy } from './conflictPolicy';
import { NumberField, textKey } from './NumberField';
import { settingProblem } from './deviceSchema';
import { znsConfigOf } from './deviceText';

export function ConflictControlFields() {
  const draft = useAppStore((state) => state.config.draft);
  const setConflictPolicy = useAppStore((state) => state.config.setConflictPolicy);
  const schema = useDeviceSchema();
  const policy = effectiveConflictPolicy(draft, schema);
  const cell = deviceCellMode(draft, schema);
  const controllerRuns = conflictControlsApply(draft, schema);
  const resetKey = `${draft.scenarioId}|${draft.devicePresetId}|${textKey(draft.deviceText)}`;

  return (
    <fieldset className="config-section" data-testid="policy-conflict">
      <legend>Read/write conflicts</legend>
      <CheckboxField
        label="Suspend programs for host reads"
        testId="policy-suspend-program"
        checked={policy.suspendProgram}
        onChange={(suspendProgram) => setConflictPolicy({ suspendProgram })}
      />
      <CheckboxField
        label="Suspend erases for host reads"
        testId="policy-suspend-erase"
        checked={policy.suspendErase}
        onChange={(suspendErase) => setConflictPolicy({ suspendErase })}
      />
      {(policy.suspendProgram || policy.suspendErase) && (
        <div className="field-grid">
          <NumberField
            label="Suspend"
            testId="policy-suspend-us"
            value={policy.suspendUs}
            resetKey={resetKey}
            step={0.1}
            suffix="µs"
            hint="Time until a busy die can serve the read"
            check={(value) => settingProblem(schema, 'suspend.suspend_us', value)}
            onCommit={(suspendUs) => setConflictPolicy({ suspendUs })}
          />
          <NumberField
            label="Resume"
            testId="policy-resume-us"
            value={policy.resumeUs}
            resetKey={resetKey}
            step={0.1}
            suffix="µs"
            hint="Time to resume the operation after the read, on top of its remaining time"
            check={(value) => settingProblem(schema, 'suspend.resume_us', value)}
            onCommit={(resumeUs) => setConflictPolicy({ resumeUs })}
          />
          <NumberField
            label="Suspensions per operation"
            testId="policy-suspend-max"
            value={policy.suspendMaxPerOp}
            resetKey={resetKey}
            check={(value) => settingProblem(schema, 'suspend.max_per_op', value)}
            onCommit={(suspendMaxPerOp) => setConflictPolicy({ suspendMaxPerOp })}
          />
        </div>
      )}
      <CheckboxField
        label="Refresh blocks against read disturb"
        testId="policy-read-disturb"
        checked={policy.readDisturb}
        onChange={(readDisturb) => setConflictPolicy({ readDisturb })}
      />
      {policy.readDisturb && (
        <NumberField
          label={`Refresh after reads (${cell.toUpperCase()} cells)`}
          testId="policy-read-disturb-threshold"
          value={policy.readDisturbThresholds[cell]}
          resetKey={`${resetKey}|${cell}`}
          hint="Reads of a full block after which its valid data is moved; denser cells take fewer"
          check={(value) => settingProblem(schema, `read_disturb.threshold_reads.${cell}`, value)}
          onCommit={(reads) => setConflictPolicy({ readDisturbThresholds: { [cell]: reads } })}
        />
      )}
      <CheckboxField
        label="Static wear levelling"
        testId="policy-static-wl"
        checked={policy.staticWl}
        onChange={(staticWl) => setConflictPolicy({ staticWl })}
      />
      {policy.staticWl && (
        <NumberField
          label="Erase-count spread that moves cold data"
          testId="policy-static-wl-threshold"
          value={policy.staticWlThreshold}
          resetKey={resetKey}
          hint="Within a plane: the most-erased block's count minus the least-erased full block's"
          check={(value) => settingProblem(schema, 'wear_leveling.static_threshold', value)}
          onCommit={(staticWlThreshold) => setConflictPolicy({ staticWlThreshold })}
        />
      )}
      {!controllerRuns && (policy.readDisturb || policy.staticWl) && (
        <p className="field-note" data-testid="conflict-note">
          Read-disturb refresh and static wear levelling act in the page-mapped controller only:{' '}
          {znsConfigOf(draft.deviceText) !== null
            ? 'a zoned drive leaves them to its host.'
            : 'the classic FTLs and caches run without them.'}
        </p>
      )}
    </fieldset>
  );
}
