//! How an entry takes effect ([`Game::advance`]): its place in the chain, an acceptance, its
//! dice reveal; the one path `verify`, `apply` and every replay go through (PROTOCOL invariant 3).

use super::*;

impl Game {
    /// Makes an entry take effect: checks its place in the chain, its reveal,
    /// that it answers the pending step, resolves what its reveal unlocks and
    /// applies its orders. Does not check the signature (see
    /// [`Game::check_signature`]) and does not link its hash (see [`Game::link`]).
    ///
    /// On error the game is left half-changed: callers discard it.
    pub fn advance(&mut self, e: &Entry) -> Result<Outcome, Reject> {
        if e.seq != self.last_seq + 1 {
            return Err(reject(
                "chain",
                format!(
                    "expected entry {}, found entry {}",
                    self.last_seq + 1,
                    e.seq
                ),
            ));
        }
        if e.prev != hex::encode(self.last_hash) {
            return Err(reject(
                "chain",
                if self.last_seq == 0 {
                    format!(
                        "prev is not the hash of the header (expected {}): the header or this entry was altered after signing",
                        hex::encode(self.last_hash)
                    )
                } else {
                    format!(
                        "prev is not the hash of entry {} (expected {})",
                        self.last_seq,
                        hex::encode(self.last_hash)
                    )
                },
            ));
        }
        if !self.keys.contains_key(&e.author) {
            return Err(reject(
                "chain",
                format!("author {:?} is not a player of this game", e.author),
            ));
        }
        let core = e
            .core_hash()
            .map_err(|err| reject("chain", err.to_string()))?;
        let mut resolves = Vec::new();
        if e.kind == EntryKind::Accept {
            self.accept(e)?;
        } else {
            let missing = self.not_accepted();
            if !missing.is_empty() {
                return Err(reject(
                    "rules",
                    format!(
                        "the game has not started: waiting for {} to accept",
                        missing.join(", ")
                    ),
                ));
            }
            let reveal = self.take_reveal(e)?;
            if let Some(mut aw) = self.awaiting.take() {
                let who = aw.owed().first().cloned().unwrap_or_default();
                let Some(r) = reveal.filter(|_| e.author == who) else {
                    let (seq, author) = (aw.seq, aw.author.clone());
                    self.awaiting = Some(aw);
                    return Err(reject("rules", format!("entry {seq} by {author} waits for {who}'s dice reveal: {who} must send the next entry (a bare reveal will do)")));
                };
                aw.collected.push(r);
                if !aw.owed().is_empty() {
                    // Three or more sides: this reveal is one of several; the entry's dice are
                    // not fixed yet, so nothing may act on the state before they are.
                    if e.kind != EntryKind::Reveal
                        || e.step.is_some()
                        || e.payload.is_some()
                        || e.standing.is_some()
                        || e.commitment.is_some()
                        || e.salt.is_some()
                    {
                        return Err(reject("rules", format!(
                            "entry {} by {} still needs the dice reveals of {} after {who}'s: {who}'s entry must be a bare reveal",
                            aw.seq, aw.author, aw.owed().join(" and ")
                        )));
                    }
                    self.awaiting = Some(aw);
                    self.last_seq = e.seq;
                    self.last_by.insert(e.author.clone(), e.seq);
                    return Ok(Outcome {
                        resolves,
                        state_hash: self.state_hash(),
                    });
                }
                let dice = Dice::from_seed(dice::seed_of_reveals(
                    &self.game_id,
                    &aw.core_hash,
                    &aw.collected,
                ));
                resolves.push(self.resolve(&aw, dice, e.seq));
            }
            let resolved_something = !resolves.is_empty();
            self.take_content(e, core, &mut resolves, resolved_something)?;
        }
        self.last_seq = e.seq;
        self.last_by.insert(e.author.clone(), e.seq);
        Ok(Outcome {
            resolves,
            state_hash: self.state_hash(),
        })
    }

    fn accept(&mut self, e: &Entry) -> Result<(), Reject> {
        if self.accepted.contains(&e.author) {
            return Err(reject(
                "rules",
                format!("{} has already accepted", e.author),
            ));
        }
        if e.step.is_some()
            || e.payload.is_some()
            || e.standing.is_some()
            || e.salt.is_some()
            || e.reveal.is_some()
        {
            return Err(reject(
                "rules",
                "an accept entry carries only a dice-chain commitment",
            ));
        }
        match (self.holds_chain(&e.author), &e.commitment) {
            (true, Some(c)) => {
                let last = hex32(c)
                    .ok_or_else(|| reject("dice", "dice-chain commitment is not 64 hex digits"))?;
                self.chains
                    .insert(e.author.clone(), ChainPos { last, index: 0 });
            }
            (true, None) => {
                return Err(reject(
                    "dice",
                    format!(
                        "{} keeps a dice chain in {} mode and must commit to it",
                        e.author, self.header.dice.mode
                    ),
                ))
            }
            (false, Some(_)) => {
                return Err(reject(
                    "dice",
                    format!(
                        "{} keeps no dice chain in {} mode",
                        e.author, self.header.dice.mode
                    ),
                ))
            }
            (false, None) => {}
        }
        self.accepted.insert(e.author.clone());
        Ok(())
    }

    fn take_reveal(&mut self, e: &Entry) -> Result<Option<[u8; 32]>, Reject> {
        if !self.holds_chain(&e.author) {
            return match e.reveal {
                Some(_) => Err(reject(
                    "dice",
                    format!(
                        "{} keeps no dice chain in {} mode",
                        e.author, self.header.dice.mode
                    ),
                )),
                None => Ok(None),
            };
        }
        let r = e.reveal.as_deref().and_then(hex32).ok_or_else(|| {
            reject(
                "dice",
                format!(
                    "entry by {} must carry its next dice reveal (64 hex digits)",
                    e.author
                ),
            )
        })?;
        let pos = self
            .chains
            .get_mut(&e.author)
            .expect("accepted chain holders have a chain");
        if pos.index >= chain::CHAIN_LENGTH {
            return Err(reject("dice", "dice chain exhausted"));
        }
        if !chain::follows(&r, &pos.last) {
            return Err(reject(
                "dice",
                format!(
                    "reveal does not match {}'s commitment (reveal {} of the chain)",
                    e.author,
                    pos.index + 1
                ),
            ));
        }
        pos.last = r;
        pos.index += 1;
        Ok(Some(r))
    }

    pub(super) fn remember(&mut self, ev: EntryEvents) {
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back(ev);
    }
}
