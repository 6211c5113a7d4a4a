//! An entry's content once its place and reveal are checked: orders and standing orders,
//! sealed commitments and their reveals, the submission to the ruleset, and the resolution
//! of an entry whose dice waited for a reveal.

use super::*;

impl Game {
    pub(super) fn take_content(
        &mut self,
        e: &Entry,
        core: [u8; 32],
        resolves: &mut Vec<Resolved>,
        resolved_something: bool,
    ) -> Result<(), Reject> {
        let pending = self.state.pending();
        let step_ok = |step: &Option<String>| -> Result<String, Reject> {
            let s = step
                .clone()
                .ok_or_else(|| reject("rules", "entry names no step"))?;
            if s != pending.step {
                return Err(reject(
                    "rules",
                    format!(
                        "entry answers step {s:?}, but the pending step is {:?}",
                        pending.step
                    ),
                ));
            }
            if !pending.sides.contains(&e.author) {
                return Err(reject(
                    "rules",
                    format!(
                        "step {:?} is for {}, not {}",
                        pending.step,
                        pending.sides.join(" and "),
                        e.author
                    ),
                ));
            }
            Ok(s)
        };
        let kind_ok = |want: PendingKind| -> Result<(), Reject> {
            if pending.kind != want {
                return Err(reject(
                    "rules",
                    format!(
                        "a {:?} entry does not answer step {:?}, which expects {:?}",
                        e.kind, pending.step, pending.kind
                    ),
                ));
            }
            Ok(())
        };
        match e.kind {
            EntryKind::Accept => unreachable!("handled by accept"),
            EntryKind::Reveal => {
                if e.step.is_some()
                    || e.payload.is_some()
                    || e.standing.is_some()
                    || e.commitment.is_some()
                    || e.salt.is_some()
                {
                    return Err(reject("rules", "a reveal entry carries only its reveal"));
                }
                if !resolved_something {
                    return Err(reject("rules", "nothing waits for this reveal"));
                }
            }
            EntryKind::Orders | EntryKind::Decision => {
                kind_ok(if e.kind == EntryKind::Orders {
                    PendingKind::Orders
                } else {
                    PendingKind::Decision
                })?;
                let step = step_ok(&e.step)?;
                if e.commitment.is_some() || e.salt.is_some() {
                    return Err(reject("rules", "orders carry no commitment or salt"));
                }
                let payload = e
                    .payload
                    .clone()
                    .ok_or_else(|| reject("rules", "orders entry without orders"))?;
                if let Some(s) = &e.standing {
                    self.keep_standing(&e.author, s);
                }
                let sub = Submission {
                    kind: pending.kind,
                    step,
                    by: BTreeMap::from([(e.author.clone(), payload)]),
                };
                self.submit(e, core, sub, resolves)?;
            }
            EntryKind::SealedCommit => {
                kind_ok(PendingKind::Sealed)?;
                let step = step_ok(&e.step)?;
                if e.payload.is_some() || e.standing.is_some() || e.salt.is_some() {
                    return Err(reject(
                        "rules",
                        "a sealed commitment must not show the orders",
                    ));
                }
                let c = e
                    .commitment
                    .clone()
                    .filter(|c| hex32(c).is_some())
                    .ok_or_else(|| reject("rules", "sealed commitment is not 64 hex digits"))?;
                let round = self.sealed.get_or_insert_with(|| SealedRound {
                    step: step.clone(),
                    commits: BTreeMap::new(),
                    reveals: BTreeMap::new(),
                });
                if round.commits.contains_key(&e.author) {
                    return Err(reject(
                        "rules",
                        format!(
                            "{} has already committed sealed orders for {step:?}",
                            e.author
                        ),
                    ));
                }
                round.commits.insert(e.author.clone(), (e.seq, c));
            }
            EntryKind::SealedReveal => {
                kind_ok(PendingKind::Sealed)?;
                let step = step_ok(&e.step)?;
                if e.commitment.is_some() {
                    return Err(reject(
                        "rules",
                        "a sealed reveal carries no commitment (it answers the one already sent)",
                    ));
                }
                let round = self
                    .sealed
                    .as_mut()
                    .ok_or_else(|| reject("rules", "no sealed orders were committed"))?;
                if let Some(missing) = pending
                    .sides
                    .iter()
                    .find(|s| !round.commits.contains_key(*s))
                {
                    return Err(reject("rules", format!("sealed orders are revealed only when every side has committed ({missing} has not)")));
                }
                if round.reveals.contains_key(&e.author) {
                    return Err(reject(
                        "rules",
                        format!("{} has already revealed", e.author),
                    ));
                }
                let payload = e
                    .payload
                    .clone()
                    .ok_or_else(|| reject("rules", "sealed reveal without orders"))?;
                let salt =
                    e.salt.as_deref().and_then(hex32).ok_or_else(|| {
                        reject("rules", "sealed reveal without a 64-hex-digit salt")
                    })?;
                let body = canonical::bytes(&sealed_body(&payload, e.standing.as_ref()))
                    .map_err(|err| reject("rules", err.to_string()))?;
                let (_, c) = &round.commits[&e.author];
                if hex::encode(sealed::commitment(&salt, &body)) != *c {
                    return Err(reject(
                        "rules",
                        format!(
                            "revealed orders do not match {}'s sealed commitment",
                            e.author
                        ),
                    ));
                }
                round
                    .reveals
                    .insert(e.author.clone(), (payload, e.standing.clone()));
                if round.reveals.len() == pending.sides.len() {
                    let round = self.sealed.take().expect("round exists");
                    let mut by = BTreeMap::new();
                    for (side, (orders, standing)) in round.reveals {
                        if let Some(s) = standing {
                            self.keep_standing(&side, &s);
                        }
                        by.insert(side, orders);
                    }
                    self.submit(
                        e,
                        core,
                        Submission {
                            kind: PendingKind::Sealed,
                            step,
                            by,
                        },
                        resolves,
                    )?;
                }
            }
        }
        Ok(())
    }

    /// Resolves a submission now if it needs no dice (or the dice are open),
    /// otherwise leaves it awaiting the next reveal.
    pub(super) fn submit(
        &mut self,
        e: &Entry,
        core: [u8; 32],
        sub: Submission<Value>,
        resolves: &mut Vec<Resolved>,
    ) -> Result<(), Reject> {
        let mut dice = match self.open_seed {
            Some(seed) => Dice::from_seed(dice::seed(&self.game_id, &core, &seed)),
            None => Dice::deferred(),
        };
        let mut next = self.state.clone_box();
        match next.apply(&self.standing, &self.header.options, e.seq, &sub, &mut dice) {
            Ok(events) => {
                self.state = next;
                let rolls = dice.into_rolls();
                let resolved_by = (self.open_seed.is_some()).then_some(e.seq);
                self.remember(EntryEvents {
                    seq: e.seq,
                    author: e.author.clone(),
                    resolved_by,
                    events,
                    rolls: rolls.clone(),
                });
                if self.open_seed.is_some() {
                    resolves.push(Resolved {
                        seq: e.seq,
                        rolls,
                        void: None,
                    });
                }
                Ok(())
            }
            Err(RuleError::Dice(_)) if self.open_seed.is_none() => {
                self.awaiting = Some(Awaiting {
                    seq: e.seq,
                    author: e.author.clone(),
                    core_hash: core,
                    submission: sub,
                    revealers: self.revealers_for(&e.author),
                    collected: Vec::new(),
                });
                Ok(())
            }
            Err(err) => Err(Reject {
                check: "rules",
                reason: err.to_string(),
                rule: Some(err),
            }),
        }
    }

    /// Resolves an awaiting entry with fixed dice. Rules that refuse it once
    /// the dice are known make it void (recorded), never block the game.
    pub(super) fn resolve(&mut self, aw: &Awaiting, mut dice: Dice, by: u64) -> Resolved {
        let mut next = self.state.clone_box();
        match next.apply(
            &self.standing,
            &self.header.options,
            aw.seq,
            &aw.submission,
            &mut dice,
        ) {
            Ok(events) => {
                self.state = next;
                let rolls = dice.into_rolls();
                self.remember(EntryEvents {
                    seq: aw.seq,
                    author: aw.author.clone(),
                    resolved_by: Some(by),
                    events,
                    rolls: rolls.clone(),
                });
                Resolved {
                    seq: aw.seq,
                    rolls,
                    void: None,
                }
            }
            Err(err) => {
                let reason = err.to_string();
                self.remember(EntryEvents {
                    seq: aw.seq,
                    author: aw.author.clone(),
                    resolved_by: Some(by),
                    events: vec![Event::new(
                        "legatus protocol",
                        format!("orders void once the dice were known: {reason}"),
                    )],
                    rolls: Vec::new(),
                });
                Resolved {
                    seq: aw.seq,
                    rolls: dice.into_rolls(),
                    void: Some(reason),
                }
            }
        }
    }
}
